package dev.harness.core.jms.artemis;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.jms.Session;

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.jms.client.ActiveMQSession;

import dev.harness.core.jms.MemoryBound;

/**
 * Artemis's management, asked by messages to its management address over a session's core
 * session (no JMX): whether an address pages, and the memory it gives an address. One requestor
 * (a temporary reply queue) per session, made at its first ask. A broker that refuses (no manage
 * permission) or does not answer in time tells nothing: null.
 */
final class ArtemisManagement {
    /** Artemis's default management address, as a stock broker.xml keeps it. */
    static final SimpleString ADDRESS = SimpleString.of("activemq.management");
    /** How long an answer may take: a count asked four times a second must not queue up behind a slow one. */
    static final long ANSWER_MS = 1_000;
    private static final Pattern MAX_SIZE = Pattern.compile("\"maxSizeBytes\"\\s*:\\s*\"?(-?\\d+)");
    private static final Pattern POLICY = Pattern.compile("\"addressFullMessagePolicy\"\\s*:\\s*\"(\\w+)\"");
    private static final Map<Session, ClientRequestor> REQUESTORS = Collections.synchronizedMap(new WeakHashMap<>());

    private ArtemisManagement() {
    }

    /** Whether the broker pages the address's messages to disk now; null where it does not say. */
    static Boolean paging(Session session, String address) {
        return ask(session, ResourceNames.ADDRESS + address, "paging", null) instanceof Boolean b ? b : null;
    }

    /**
     * The memory the address's messages may take, and what the broker does past it: the address
     * settings that match it (max-size-bytes, address-full-policy) and the broker's global-max-size.
     */
    static MemoryBound memoryBound(Session session, String address) {
        Object global = ask(session, ResourceNames.BROKER, "globalMaxSize", null);
        Object settings = ask(session, ResourceNames.BROKER, null, new Object[] {"getAddressSettingsAsJSON", address});
        if (!(global instanceof Number g) || !(settings instanceof String json)) {
            return null;
        }
        return boundOf(g.longValue(), json);
    }

    /**
     * The bound that settings JSON and a global size make: a setting the JSON leaves out is Artemis's
     * default (no max-size-bytes of the address's own; address-full-policy PAGE). Null when it is no JSON object.
     */
    static MemoryBound boundOf(long globalMaxSize, String settingsJson) {
        if (!settingsJson.strip().startsWith("{")) {
            return null;
        }
        Matcher policy = POLICY.matcher(settingsJson);
        Matcher max = MAX_SIZE.matcher(settingsJson);
        long own = max.find() ? Long.parseLong(max.group(1)) : -1;
        return new MemoryBound(own > 0 ? own : -1, globalMaxSize > 0 ? globalMaxSize : -1,
                policy.find() ? policy.group(1) : MemoryBound.PAGE);
    }

    /**
     * An attribute, or with {@code operation} (its name, then its parameters) an operation's result;
     * null when none. A requestor matches no reply to its request: one whose answer did not come in
     * time is closed with its reply queue, so a late answer is never taken for the next ask's.
     */
    private static Object ask(Session session, String resource, String attribute, Object[] operation) {
        ClientRequestor requestor = null;
        try {
            ClientSession core = ((ActiveMQSession) session).getCoreSession();
            requestor = REQUESTORS.get(session);
            if (requestor == null) {
                // Made outside the map's lock: against a broker slow to answer, no other session's release waits on it.
                ClientRequestor made = new ClientRequestor(core, ADDRESS);
                requestor = REQUESTORS.putIfAbsent(session, made);
                if (requestor == null) {
                    requestor = made;
                } else {
                    made.close();
                }
            }
            ClientMessage m = core.createMessage(false);
            if (operation == null) {
                ManagementHelper.putAttribute(m, resource, attribute);
            } else {
                Object[] params = new Object[operation.length - 1];
                System.arraycopy(operation, 1, params, 0, params.length);
                ManagementHelper.putOperationInvocation(m, resource, (String) operation[0], params);
            }
            ClientMessage reply = requestor.request(m, ANSWER_MS);
            if (reply == null) {
                drop(session, requestor);
                return null;
            }
            reply.acknowledge(); // or the answers pile up on the reply queue, in the broker's memory
            return ManagementHelper.hasOperationSucceeded(reply) ? ManagementHelper.getResult(reply) : null;
        } catch (Exception e) {
            if (requestor != null) {
                drop(session, requestor);
            }
            return null; // management is an extra: a broker that will not answer tells nothing
        }
    }

    /** Closes the session's requestor, if it has one: its reply queue is deleted as the broker answers. */
    static void release(Session session) {
        ClientRequestor requestor = REQUESTORS.get(session);
        if (requestor != null) {
            drop(session, requestor);
        }
    }

    private static void drop(Session session, ClientRequestor requestor) {
        REQUESTORS.remove(session, requestor);
        try {
            requestor.close();
        } catch (Exception e) {
            // Its session gone: nothing left to close.
        }
    }
}
