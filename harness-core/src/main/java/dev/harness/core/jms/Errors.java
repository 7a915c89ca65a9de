package dev.harness.core.jms;

import java.util.HashSet;
import java.util.Set;

/** Turns a chain of exceptions into the one line a person needs. */
public final class Errors {
    private Errors() {
    }

    /** The most specific message in the cause chain, without class names or stack frames. */
    public static String oneLine(Throwable t) {
        String best = null;
        Set<Throwable> seen = new HashSet<>();
        for (Throwable c = t; c != null && seen.add(c); c = c.getCause()) {
            String m = c.getMessage();
            if (m != null && !m.isBlank()) {
                best = best == null ? m.strip() : best;
                if (c.getCause() == null || c.getCause().getMessage() == null) {
                    break;
                }
            }
        }
        if (best == null) {
            best = t.getClass().getSimpleName();
        }
        return best.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }
}
