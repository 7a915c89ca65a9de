package dev.harness.core.disturbance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The state letter read from /proc/PID/stat; the real signals are FreezingTest's. */
class SignalFreezerTest {
    @Test
    void theStateIsTheFieldAfterTheLastParenthesisWhateverTheCommandHolds() {
        assertEquals('T', SignalFreezer.state("4242 (java) T 1 4242 4242 0 -1"));
        assertEquals('S', SignalFreezer.state("77 (a) b (c)) S 1 77"));
        assertEquals('t', SignalFreezer.state("9 (x y) t 1"));
    }

    @Test
    void aLineWithoutACommandIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SignalFreezer.state("4242 java T"));
        assertThrows(IllegalArgumentException.class, () -> SignalFreezer.state("4242 (java)"));
    }
}
