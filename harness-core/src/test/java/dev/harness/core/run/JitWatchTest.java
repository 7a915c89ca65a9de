package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the JIT counts as caught up: compiling at most a tenth of a window, summed over its threads. */
class JitWatchTest {
    private static final long MS = 1_000_000L;

    @Test
    void aQuietWindowIsATenthOrLess() {
        assertTrue(JitWatch.quiet(25, 250 * MS));
        assertFalse(JitWatch.quiet(26, 250 * MS));
        assertTrue(JitWatch.quiet(0, 250 * MS));
        assertFalse(JitWatch.quiet(400, 250 * MS), "two compiler threads busy all the window");
        assertTrue(JitWatch.quiet(50, 500 * MS), "a late look: its real length");
    }
}
