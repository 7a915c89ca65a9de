package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.MemoryBound;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.Preloaded;
import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;

/** --preload on stand-in JMS objects (FakeJms): what is put, in which units, how it is ticked off. */
class PreloadTest {
    private static final long RUN = 42;
    private final FakeJms jms = new FakeJms();
    private final RunControl control = new RunControl();

    private static PutSettings settings(long preload, int queues, boolean persistent, int sizeBytes) {
        return new PutSettings(500, 1, Warmup.fixed(0), 10_000_000_000L, SizeMix.of(sizeBytes), persistent, 0, queues, "Q.", queues, 5_000_000_000L,
                Shard.WHOLE, 1, 0, preload);
    }

    @Test
    void persistentMessagesGoInUnitsOfTheirOwnEachNumberedOnceAndMarkedAsThePreloads() throws Exception {
        Preload preload = new Preload(settings(450, 2, true, 1024), RUN, MessageContent.of(SizeMix.of(1024)));
        Preloaded p = preload.put(jms.provider(), control);
        assertEquals(900, p.messages());
        assertEquals(2, p.queues());
        assertEquals(900, jms.sent.size());
        // 450 a queue: two units of 200 and one of 50, on each.
        assertEquals(6, jms.commits.get());
        Set<Long> sequences = new TreeSet<>();
        for (MessageHeader h : jms.sent) {
            assertEquals(MessageHeader.PRELOAD_SENDER, h.sender, "no scheduled sender's");
            assertEquals(RUN, h.runId);
            assertTrue(sequences.add(h.sequence), "sequence " + h.sequence + " twice");
        }
        assertEquals(0L, ((TreeSet<Long>) sequences).first());
        assertEquals(899L, ((TreeSet<Long>) sequences).last());
        assertEquals(900, preload.left());
        assertFalse(preload.status(0).drained());
    }

    @Test
    void nonPersistentMessagesNeedNoCommit() throws Exception {
        Preloaded p = new Preload(settings(300, 1, false, 1024), RUN, MessageContent.of(SizeMix.of(1024))).put(jms.provider(), control);
        assertEquals(300, p.messages());
        assertEquals(0, jms.commits.get());
    }

    @Test
    void theLastReceiptDrainsItAndADuplicateIsCountedNotReceived() throws Exception {
        Preload preload = new Preload(settings(3, 1, true, 1024), RUN, MessageContent.of(SizeMix.of(1024)));
        preload.put(jms.provider(), control);
        assertTrue(preload.received(0, 1_000));
        assertTrue(preload.received(2, 2_000));
        assertFalse(preload.received(2, 2_500), "a duplicate");
        assertEquals(1, preload.left());
        assertFalse(preload.status(0).drained());
        assertTrue(preload.received(1, 3_000));
        Preloaded done = preload.status(500);
        assertTrue(done.drained());
        assertEquals(2_500, done.drainedNs(), "from the schedule's start");
        assertEquals(3, done.received());
        Delivery d = preload.delivery();
        assertEquals(3, d.committed());
        assertEquals(3, d.received());
        assertEquals(0, d.lost());
        assertEquals(1, d.duplicates());
    }

    @Test
    void aStopBeforeItPutsNothing() throws Exception {
        control.requestStop("Ctrl-C");
        Preloaded p = new Preload(settings(1_000, 1, true, 1024), RUN, MessageContent.of(SizeMix.of(1024))).put(jms.provider(), control);
        assertEquals(0, p.messages());
        assertEquals(0, jms.sent.size());
    }

    @Test
    void aJournalWithoutRoomIsRefusedBeforeAnythingIsPut(@TempDir Path journal) {
        // A billion 2 KiB messages need terabytes: no test machine has them free.
        PutSettings huge = settings(PutSettings.MAX_PRELOAD, 1, true, 2048);
        SettingsException e = assertThrows(SettingsException.class, () -> Preload.checkRoom(huge, journal, null));
        assertTrue(e.getMessage().contains("--preload") && e.getMessage().contains(journal.toString()), e.getMessage());
        // Non-persistent messages are not journalled (within a memory that is not known); a journal elsewhere cannot be looked at.
        Preload.checkRoom(settings(PutSettings.MAX_PRELOAD, 1, false, 2048), journal, null);
        Preload.checkRoom(huge, null, null);
        Preload.checkRoom(settings(1_000, 1, true, 2048), journal, null);
    }

    @Test
    void nonPersistentMessagesPastTheBrokersMemoryArePagedToTheJournalsDisk(@TempDir Path journal) {
        PutSettings huge = settings(PutSettings.MAX_PRELOAD, 1, false, 2048);
        SettingsException e = assertThrows(SettingsException.class,
                () -> Preload.checkRoom(huge, journal, new MemoryBound(-1, 64L << 20, "PAGE")));
        assertTrue(e.getMessage().contains("page files (past the broker's memory)"), e.getMessage());
        // Within the memory, nothing is paged.
        Preload.checkRoom(settings(1_000, 1, false, 2048), journal, new MemoryBound(-1, 64L << 20, "PAGE"));
        // An address's own bound pages too, within a global memory that would hold it all.
        e = assertThrows(SettingsException.class, () -> Preload.checkRoom(huge, journal, new MemoryBound(64L << 20,
                Long.MAX_VALUE, "PAGE")));
        assertTrue(e.getMessage().contains("page files (past the broker's memory)"), e.getMessage());
        Preload.checkRoom(huge, journal, new MemoryBound(-1, Long.MAX_VALUE, "PAGE"));
    }

    /** 1,000 messages of 2 KiB take about 2.2 MiB with the broker's overhead: past a 1 MiB bound that blocks, within 4 MiB. */
    @Test
    void aPreloadPastAMemoryThatDoesNotPageIsRefused() {
        PutSettings thousand = settings(1_000, 1, true, 2048);
        for (String policy : new String[] {"BLOCK", "FAIL", "DROP"}) {
            SettingsException e = assertThrows(SettingsException.class,
                    () -> Preload.checkRoom(thousand, null, new MemoryBound(1L << 20, -1, policy)));
            assertEquals("--preload", e.option());
            assertTrue(e.getMessage().contains("address-full-policy is " + policy) && e.getMessage().contains("max-size-bytes"),
                    e.getMessage());
        }
        SettingsException all = assertThrows(SettingsException.class,
                () -> Preload.checkRoom(thousand, null, new MemoryBound(-1, 1L << 20, "block")));
        assertTrue(all.getMessage().contains("global-max-size") && all.getMessage().contains("wait for good"), all.getMessage());
        Preload.checkRoom(thousand, null, new MemoryBound(4L << 20, 4L << 20, "BLOCK"));
        Preload.checkRoom(thousand, null, new MemoryBound(1L << 20, 1L << 20, "PAGE"));
    }

    @Test
    void aSizeBecomesMessagesOfTheRunsSizeRoundedUp() {
        assertEquals(64, settings(0, 1, true, 1024).withPreload(64L * 1024, true).preload());
        assertEquals(65, settings(0, 1, true, 1024).withPreload(64L * 1024 + 1, true).preload());
        assertEquals(20_000, settings(0, 1, true, 1024).withPreload(20_000L, false).preload());
        assertEquals(0, settings(0, 1, true, 1024).withPreload(null, false).preload());
    }

    @Test
    void withoutDrainersOrBeyondTheBoundItIsRefusedNamingTheOption() {
        SettingsException noDrainers = assertThrows(SettingsException.class, () -> new PutSettings(500, 1, Warmup.fixed(0),
                10_000_000_000L, SizeMix.of(1024), true, 0, 1, "Q.", 0, 5_000_000_000L, Shard.WHOLE, 1, 0, 100));
        assertTrue(noDrainers.getMessage().contains("--preload") && noDrainers.getMessage().contains("--drainers 0"),
                noDrainers.getMessage());
        SettingsException tooMany = assertThrows(SettingsException.class, () -> settings(PutSettings.MAX_PRELOAD, 2, true, 1024));
        assertTrue(tooMany.getMessage().contains("--preload"), tooMany.getMessage());
    }
}
