package dev.harness.core.jms.artemis;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQExceptionType;

import dev.harness.core.jms.Diagnosis;
import dev.harness.core.jms.Errors;

/** Artemis's failures: its AMQnnnnnn codes for a person, its error types for what a new connection cures. */
public final class ArtemisDiagnosis implements Diagnosis {
    private final String url;

    /** @param url the broker, for the login advice; null when not known (a factory found through JNDI) */
    public ArtemisDiagnosis(String url) {
        this.url = url;
    }

    private static final Pattern ARTEMIS_CODE = Pattern.compile("(AMQ\\d{6}: [^\\]\\r\\n]+)");
    private static final Pattern FIELD_DUMP = Pattern.compile("\\[errorType=\\w+ message=([^\\]]+)\\]");

    /**
     * One line for a person: an Artemis-coded message (AMQnnnnnn) from anywhere in the cause
     * chain, since Artemis often wraps it in a vague outer one ("Failed to create session
     * factory"); otherwise the first message of the chain, out of the class name and field dump
     * Artemis wraps it in.
     */
    public static String oneLine(Throwable t) {
        Set<Throwable> seen = new HashSet<>();
        for (Throwable c = t; c != null && seen.add(c); c = c.getCause()) {
            Matcher code = c.getMessage() == null ? null : ARTEMIS_CODE.matcher(c.getMessage());
            if (code != null && code.find()) {
                return code.group(1).strip();
            }
        }
        String line = Errors.oneLine(t);
        Matcher dump = FIELD_DUMP.matcher(line);
        return dump.find() ? dump.group(1).strip() : line;
    }

    @Override
    public String explain(Exception e) {
        String line = oneLine(e);
        // AMQ219007 cannot connect; AMQ229031 / AMQ229032 unknown user / not allowed.
        if (line.startsWith("AMQ219007") || line.startsWith("AMQ119007")) {
            return line + " (is a broker running and listening there?)";
        }
        if (line.startsWith("AMQ229031") || line.startsWith("AMQ229032")) {
            return line + " (check --user and the password" + (url == null ? "" : " for " + url) + ")";
        }
        return line;
    }

    /** AMQ229031: unable to validate the user. Not a refused permission on a queue, which is no login failure. */
    @Override
    public boolean refusesLogin(Exception e) {
        return Errors.mentions(e, "AMQ229031", "AMQ119031");
    }

    /** Artemis's errors for a request refused on its own merits; the rest (NOT_CONNECTED, UNBLOCKED, ...) a new connection may cure. */
    private static final Set<ActiveMQExceptionType> REFUSED_REQUEST = EnumSet.of(ActiveMQExceptionType.ADDRESS_FULL,
            ActiveMQExceptionType.SECURITY_EXCEPTION, ActiveMQExceptionType.QUEUE_DOES_NOT_EXIST,
            ActiveMQExceptionType.ADDRESS_DOES_NOT_EXIST, ActiveMQExceptionType.INVALID_FILTER_EXPRESSION,
            ActiveMQExceptionType.UNEXPECTED_ROUTING_TYPE_FOR_ADDRESS, ActiveMQExceptionType.MAX_CONSUMER_LIMIT_EXCEEDED,
            ActiveMQExceptionType.INVALID_QUEUE_CONFIGURATION, ActiveMQExceptionType.INTERCEPTOR_REJECTED_PACKET);

    /** Artemis's error type decides when the chain has one; JMS's own types when it has none. */
    @Override
    public boolean reconnectCures(Exception e) {
        for (Throwable c : Errors.chain(e)) {
            if (c instanceof ActiveMQException a) {
                return !REFUSED_REQUEST.contains(a.getType());
            }
        }
        return Diagnosis.super.reconnectCures(e);
    }
}
