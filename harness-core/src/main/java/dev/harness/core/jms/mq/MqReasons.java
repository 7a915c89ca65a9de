package dev.harness.core.jms.mq;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.jms.JMSException;

import com.ibm.mq.MQException;
import com.ibm.mq.constants.MQConstants;

import dev.harness.core.jms.Errors;

/**
 * IBM MQ errors as one line: what was attempted (the JMS client's own sentence), the reason
 * code with its MQRC name, the root cause, and what to check for the reasons users meet.
 */
public final class MqReasons {
    private MqReasons() {
    }

    private static final Map<Integer, String> ADVICE = Map.ofEntries(
            Map.entry(2538, "nothing accepted a connection there: check the host and port (--mq-host, --mq-port,"
                    + " --mq-conn-name, MQSERVER or the CCDT) and that the queue manager's listener runs"
                    + " (DISPLAY LSSTATUS(*))"),
            Map.entry(2059, "no such queue manager is running there: check --mq-qmgr against dspmq on its host,"
                    + " or leave --mq-qmgr out to take whichever queue manager owns the listener"),
            Map.entry(2058, "the queue manager there has another name: check --mq-qmgr"),
            Map.entry(2035, "not authorized: check --user and its password, the channel's CHLAUTH and CONNAUTH rules,"
                    + " and the user's authority on the queues (setmqaut, SET AUTHREC); the queue manager's"
                    + " AMQERR01.LOG says which"),
            Map.entry(2085, "a queue does not exist on the queue manager: define it (config/ibmmq-objects.mqsc defines"
                    + " the workloads' queues) or check --queue-prefix, --request-prefix, --reply-prefix"),
            Map.entry(2009, "the other end closed the connection: check that the port is an MQ listener's, that"
                    + " --mq-channel names a SVRCONN channel, and that TLS matches (--mq-cipher against the"
                    + " channel's SSLCIPH)"),
            Map.entry(2278, "the CCDT could not be used: check that --mq-ccdt is a readable JSON CCDT with a"
                    + " clientConnection channel for the queue manager named by --mq-qmgr"),
            Map.entry(2495, "the MQ client tried bindings mode, which needs a queue manager on this machine;"
                    + " the ibmmq provider always uses client transport, so set the JNDI factory's transport to CLIENT"
                    + " or use --provider ibmmq"),
            Map.entry(2048, "persistent messages cannot go to a temporary dynamic queue: use predefined reply queues"
                    + " (QLOCALs named by --reply-prefix, as in config/ibmmq-objects.mqsc) or --non-persistent"),
            Map.entry(2540, "no such channel on the queue manager: check --mq-channel (the developer default is"
                    + " DEV.APP.SVRCONN)"),
            Map.entry(2537, "the channel is stopped or at its MAXINST/MAXINSTC limit: check DISPLAY CHSTATUS; every"
                    + " sender, drainer, requester and responder has a connection of its own"),
            Map.entry(2393, "TLS could not be set up: check --mq-cipher and the trust store"
                    + " (-Djavax.net.ssl.trustStore in HARNESS_JAVA_OPTS)"),
            Map.entry(2397, "TLS could not be set up: check --mq-cipher against the channel's SSLCIPH and the trust store"
                    + " (-Djavax.net.ssl.trustStore in HARNESS_JAVA_OPTS)"),
            Map.entry(2024, "too many uncommitted messages in one unit of work: lower --syncpoint or raise the queue"
                    + " manager's MAXUMSGS"),
            Map.entry(2053, "a queue is full (MAXDEPTH): its consumers do not keep up, or raise MAXDEPTH"),
            Map.entry(2030, "the message is longer than the queue's MAXMSGL: lower --size or raise MAXMSGL"),
            Map.entry(2031, "the message is longer than the queue manager's MAXMSGL: lower --size or raise MAXMSGL"),
            Map.entry(2010, "the message is longer than the channel's MAXMSGL: lower --size or raise MAXMSGL"),
            Map.entry(2161, "the queue manager is stopping"),
            Map.entry(2162, "the queue manager is stopping"));

    /**
     * Reasons for a request the queue manager refuses on its own merits, which a new connection
     * would meet again: queue full or out of space, put or get inhibited, not authorized, no such
     * queue (or not one that can be used so), message too long, too many uncommitted messages,
     * persistent to a temporary queue, no reply-to queue.
     */
    private static final Set<Integer> REFUSED_REQUEST = Set.of(2010, 2016, 2024, 2027, 2030, 2031, 2035, 2048, 2051,
            2052, 2053, 2056, 2057, 2063, 2082, 2085, 2087, 2152, 2192, 2196, 2197);

    /** Whether this reason refuses the request itself (see {@link #REFUSED_REQUEST}), rather than the connection. */
    public static boolean refusesRequest(int reason) {
        return REFUSED_REQUEST.contains(reason);
    }

    /** The MQ reason code anywhere in the chain (cause or linked exception), if there is one. */
    public static OptionalInt reasonCode(Throwable t) {
        for (Throwable c : Errors.chain(t)) {
            if (c instanceof MQException mq) {
                return OptionalInt.of(mq.getReason());
            }
        }
        for (Throwable c : Errors.chain(t)) {
            Matcher m = c.getMessage() == null ? null : REASON.matcher(c.getMessage());
            if (m != null && m.find()) {
                return OptionalInt.of(Integer.parseInt(m.group(1)));
            }
        }
        return OptionalInt.empty();
    }

    /** MQRC_HOST_NOT_AVAILABLE for 2538; the number itself for a code MQ does not name. */
    public static String name(int reason) {
        String name = MQConstants.lookupReasonCode(reason);
        return name == null || name.isBlank() ? "reason " + reason : name;
    }

    /** What to check for this reason, or null when there is nothing better than its name. */
    public static String advice(int reason) {
        return ADVICE.get(reason);
    }

    /** One line, or {@link Errors#oneLine} when the chain holds no MQ reason code. */
    public static String explain(Throwable t) {
        return explain(t, null);
    }

    /** One line with this advice in place of the reason's usual one. */
    public static String explain(Throwable t, String adviceInstead) {
        OptionalInt reason = reasonCode(t);
        if (reason.isEmpty()) {
            return Errors.oneLine(t);
        }
        int code = reason.getAsInt();
        StringBuilder line = new StringBuilder();
        String attempted = attempted(t);
        if (attempted != null) {
            line.append(attempted).append(": ");
        }
        line.append(name(code)).append(" (").append(code).append(')');
        String root = rootCause(t);
        if (root != null) {
            line.append(": ").append(root);
        }
        String advice = adviceInstead != null ? adviceInstead : advice(code);
        if (advice != null) {
            line.append("; ").append(advice);
        }
        return line.toString();
    }

    private static final Pattern REASON = Pattern.compile("reason '(\\d{4})'");
    private static final Pattern TRAILER = Pattern.compile("[,.]?\\s*(see linked exception for more information)?\\.?$");

    /** The JMS client's sentence of what it tried ("JMSWMQ0018: Failed to connect to queue manager 'QM1' ..."). */
    private static String attempted(Throwable t) {
        for (Throwable c : Errors.chain(t)) {
            if (c instanceof JMSException && c.getMessage() != null && !(c instanceof MQException)) {
                String first = c.getMessage().strip().split("\\R", 2)[0];
                return TRAILER.matcher(first).replaceFirst("");
            }
        }
        return null;
    }

    /** The JVM's or a library's own message at the bottom of the chain: "Connection refused". */
    private static String rootCause(Throwable t) {
        List<Throwable> chain = Errors.chain(t);
        Throwable root = chain.get(chain.size() - 1);
        if (root.getClass().getName().startsWith("com.ibm.") || root.getMessage() == null || root.getMessage().isBlank()) {
            return null;
        }
        return Errors.oneLine(root);
    }
}
