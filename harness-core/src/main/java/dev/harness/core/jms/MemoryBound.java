package dev.harness.core.jms;

import java.util.Locale;

/**
 * The memory a broker gives a queue's messages, and what it does once they pass it: with
 * {@link #PAGE} it pages the rest to disk and takes more; otherwise it blocks the producers
 * (BLOCK), fails their sends (FAIL) or drops the messages (DROP).
 *
 * @param addressBytes the queue's own bound (Artemis's max-size-bytes); -1 for none
 * @param globalBytes the bound of all its queues' messages together (Artemis's global-max-size); -1 for none
 * @param whenFull what it does past either: PAGE, BLOCK, FAIL or DROP (Artemis's address-full-policy)
 */
public record MemoryBound(long addressBytes, long globalBytes, String whenFull) {
    public static final String PAGE = "PAGE";

    public MemoryBound {
        whenFull = whenFull.toUpperCase(Locale.ROOT);
    }

    /** Whether it takes more messages than fit in its memory: it pages them to disk. */
    public boolean pages() {
        return PAGE.equals(whenFull);
    }

    /** What a producer meets past the bound, for a refusal. */
    public String consequence() {
        return switch (whenFull) {
            case "BLOCK" -> "the preload's sends would wait for good";
            case "FAIL" -> "the preload's sends would fail";
            case "DROP" -> "the broker would drop the preload's messages";
            default -> "the broker would page them to disk";
        };
    }
}
