package dev.harness.core.disturbance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;


class RecoveryCheckTest {
    @Test
    void everyCommittedOnceAndNoUncommittedIsRight() {
        RecoveryCheck c = new RecoveryCheck("case-1", 3);
        for (int i = 2; i >= 0; i--) { // order does not matter
            c.received("case-1", i, true);
        }
        assertEquals(3, c.received());
        assertEquals(0, c.missing() + c.duplicates() + c.extra());
    }

    @Test
    void aLostCommittedOneMadeUpForByASurvivingUncommittedOneIsCaughtThoughTheCountIsRight() {
        RecoveryCheck c = new RecoveryCheck("case-1", 3);
        c.received("case-1", 0, true);
        c.received("case-1", 2, true);
        c.received("case-1", 0, false); // uncommitted number 0: rolled back by the kill, yet here
        assertEquals(3, c.received(), "as many as were committed");
        assertEquals(1, c.missing(), "committed number 1");
        assertEquals(1, c.extra());
        assertEquals(1, c.uncommittedBack());
        assertEquals(0, c.duplicates());
    }

    @Test
    void aCommittedOneTwiceIsADuplicateAndOthersMessagesAreExtra() {
        RecoveryCheck c = new RecoveryCheck("case-2", 64 + 2);
        for (int i = 0; i < 66; i++) {
            c.received("case-2", i, true);
        }
        c.received("case-2", 64, true);
        c.received("case-1", 5, true); // an earlier case's
        c.received(null, null, null); // another application's, untagged
        c.received("case-2", 66, true); // beyond what this case committed
        assertEquals(0, c.missing());
        assertEquals(1, c.duplicates());
        assertEquals(3, c.extra());
        assertEquals(0, c.uncommittedBack());
        assertEquals(70, c.received());
    }
}
