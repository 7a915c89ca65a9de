package dev.harness.core.jms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.jms.InvalidDestinationException;
import javax.jms.InvalidSelectorException;
import javax.jms.JMSException;
import javax.jms.JMSSecurityException;
import javax.jms.MessageFormatException;
import javax.jms.MessageNotReadableException;
import javax.jms.MessageNotWriteableException;

/** Turns a chain of exceptions into the one line a person needs. */
public final class Errors {
    private Errors() {
    }

    /**
     * One line for a person: an Artemis-coded message (AMQnnnnnn) from anywhere in the cause
     * chain, since Artemis often wraps it in a vague outer one ("Failed to create session
     * factory"); otherwise the first message of the chain. No class names, no stack frames.
     */
    public static String oneLine(Throwable t) {
        Set<Throwable> seen = new HashSet<>();
        for (Throwable c = t; c != null && seen.add(c); c = c.getCause()) {
            Matcher code = c.getMessage() == null ? null : ARTEMIS_CODE.matcher(c.getMessage());
            if (code != null && code.find()) {
                return code.group(1).strip();
            }
        }
        seen.clear();
        for (Throwable c = t; c != null && seen.add(c); c = c.getCause()) {
            String m = c.getMessage();
            if (m != null && !m.isBlank()) {
                return clean(m);
            }
        }
        return t.getClass().getSimpleName();
    }

    /** Causes and JMS linked exceptions, in order, each once. */
    public static List<Throwable> chain(Throwable t) {
        List<Throwable> list = new ArrayList<>();
        Set<Throwable> seen = new HashSet<>();
        Throwable c = t;
        while (c != null && seen.add(c)) {
            list.add(c);
            c = c instanceof JMSException j && j.getLinkedException() != null ? j.getLinkedException() : c.getCause();
        }
        return list;
    }

    /**
     * Whether the chain holds one of the exceptions JMS defines for a request refused on its own
     * merits (no such destination, not authorized, a bad selector or message), which a new
     * connection would meet again.
     */
    public static boolean refusesRequest(Throwable t) {
        for (Throwable c : chain(t)) {
            if (c instanceof InvalidDestinationException || c instanceof JMSSecurityException
                    || c instanceof InvalidSelectorException || c instanceof MessageFormatException
                    || c instanceof MessageNotWriteableException || c instanceof MessageNotReadableException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the chain says the login was refused: Artemis's AMQ229031 (unable to validate the
     * user), or the IBM MQ JMS client's JMSWMQ2013 (the security authentication was not valid,
     * reason 2035 at connect). Not a refused permission on a queue, which is no login failure.
     */
    public static boolean refusesLogin(Throwable t) {
        for (Throwable c : chain(t)) {
            String m = c.getMessage();
            if (m != null && (m.contains("AMQ229031") || m.contains("AMQ119031") || m.contains("JMSWMQ2013"))) {
                return true;
            }
        }
        return false;
    }

    private static final Pattern ARTEMIS_CODE = Pattern.compile("(AMQ\\d{6}: [^\\]\\r\\n]+)");
    private static final Pattern CLASS_PREFIX = Pattern.compile("^(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*: ");
    private static final Pattern FIELD_DUMP = Pattern.compile("\\[errorType=\\w+ message=([^\\]]+)\\]");

    /** Artemis wraps its message in a class name and a field dump; keep the message. */
    static String clean(String message) {
        String m = message.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
        Matcher code = ARTEMIS_CODE.matcher(m);
        if (code.find()) {
            return code.group(1).strip();
        }
        Matcher dump = FIELD_DUMP.matcher(m);
        if (dump.find()) {
            return dump.group(1).strip();
        }
        return CLASS_PREFIX.matcher(m).replaceFirst("");
    }
}
