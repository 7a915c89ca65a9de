package dev.harness.core.jms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import javax.jms.InvalidDestinationException;
import javax.jms.InvalidSelectorException;
import javax.jms.JMSException;
import javax.jms.JMSSecurityException;
import javax.jms.MessageFormatException;
import javax.jms.MessageNotReadableException;
import javax.jms.MessageNotWriteableException;

/**
 * What every JMS client's exceptions have in common: their chain, JMS's own types for refused
 * requests, and one line for a person. What a vendor's codes mean is its provider kind's
 * {@link Diagnosis}, not here.
 */
public final class Errors {
    private Errors() {
    }

    /**
     * One line for a person: the first message of the cause chain, without a leading class name
     * and on one line; the exception's simple class name when no message has text. No stack frames.
     */
    public static String oneLine(Throwable t) {
        Set<Throwable> seen = new HashSet<>();
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

    /** Whether any message of the chain contains one of these codes (a vendor's error numbers). */
    public static boolean mentions(Throwable t, String... codes) {
        for (Throwable c : chain(t)) {
            String m = c.getMessage();
            for (String code : codes) {
                if (m != null && m.contains(code)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final Pattern CLASS_PREFIX = Pattern.compile("^(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*: ");

    /** A message on one line, without the class name that toString() put before it. */
    public static String clean(String message) {
        String m = message.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
        return CLASS_PREFIX.matcher(m).replaceFirst("");
    }
}
