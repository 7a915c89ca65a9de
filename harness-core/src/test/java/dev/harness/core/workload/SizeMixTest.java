package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.SettingsException;

class SizeMixTest {
    @TempDir
    Path dir;

    @Test
    void oneSizeIsEveryMessagesAsBefore() {
        SizeMix m = SizeMix.parse("2KiB");
        assertTrue(m.single());
        assertEquals(2048, m.bytesOf(0));
        assertEquals(2048, m.bytesOf(123_456_789));
        assertEquals("2048 bytes", m.describe());
        assertEquals(SizeMix.of(2048), m);
    }

    @Test
    void aMixHasItsMeanAndSaysIt() {
        SizeMix m = SizeMix.parse("512:50,8KiB:50");
        assertEquals(4352, m.meanBytes(), 1e-9);
        assertEquals(8192, m.maxBytes());
        assertEquals("512 bytes 50 %, 8192 bytes 50 % (mean 4,352 bytes)", m.describe());
        assertEquals(List.of(new SizeMix.Share(1024, 60), new SizeMix.Share(10240, 30), new SizeMix.Share(102400, 10)),
                SizeMix.parse("1KiB:60, 10k:30 ,100KiB:10").shares());
    }

    /** The sizes of the first n messages of the schedule, taking every {@code stride}th from {@code from}. */
    private static double mean(SizeMix m, long from, long stride, int n) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += m.bytesOf(from + i * stride);
        }
        return sum / n;
    }

    @Test
    void everyStretchOfTheScheduleHoldsTheMixAndSoDoesEverySendersShare() {
        SizeMix m = SizeMix.parse("512:50,8KiB:50");
        for (int n : new int[] {200, 1_000, 100_000}) {
            assertEquals(4352, mean(m, 0, 1, n), 4352 * 0.01, n + " messages");
        }
        for (int stride = 2; stride <= 8; stride++) {
            for (int sender = 0; sender < stride; sender++) {
                assertEquals(4352, mean(m, sender, stride, 1_000), 4352 * 0.02, "sender " + sender + " of " + stride);
            }
        }
        SizeMix three = SizeMix.parse("1KiB:60,10KiB:30,100KiB:10");
        int[] counts = new int[3];
        for (long k = 0; k < 10_000; k++) {
            counts[three.classOf(k)]++;
        }
        assertEquals(6_000, counts[0], 20);
        assertEquals(3_000, counts[1], 20);
        assertEquals(1_000, counts[2], 20);
    }

    @Test
    void theSameScheduleSendsTheSameSizesInTheSameOrder() {
        SizeMix a = SizeMix.parse("512:50,8KiB:50");
        SizeMix b = SizeMix.parse("512:50,8KiB:50");
        for (long k = 0; k < 10_000; k++) {
            assertEquals(a.bytesOf(k), b.bytesOf(k), "message " + k);
        }
    }

    @Test
    void aFileOfSizesGivesEachItsShareOfTheLines() throws Exception {
        Path f = dir.resolve("sizes.txt");
        Files.writeString(f, "# from the application's log\n1KiB\n1024\n\n4096 # a big one\n1k\n");
        SizeMix m = SizeMix.parse("file:" + f);
        assertEquals(List.of(new SizeMix.Share(1024, 75), new SizeMix.Share(4096, 25)), m.shares());
        assertTrue(m.describe().endsWith("(mean 1,792 bytes, from " + f + ")"), m.describe());
    }

    @Test
    void aFileIsReadAsPeopleWriteThemAndItsBadLinesAreNamed() throws Exception {
        Path bom = dir.resolve("bom.txt");
        Files.writeString(bom, "\uFEFF512\r\n2KiB\r\n");
        assertEquals(List.of(new SizeMix.Share(512, 50), new SizeMix.Share(2048, 50)), SizeMix.parse("file:" + bom).shares());
        Path self = dir.resolve("self.txt");
        Files.writeString(self, "file:" + self + "\n");
        SettingsException nested = assertThrows(SettingsException.class, () -> SizeMix.parse("file:" + self));
        assertTrue(nested.getMessage().contains("line 1: expected one size"), nested.getMessage());
        Path big = dir.resolve("big.txt");
        Files.writeString(big, "1KiB\n200MiB\n");
        SettingsException tooBig = assertThrows(SettingsException.class, () -> SizeMix.parse("file:" + big));
        assertTrue(tooBig.getMessage().contains("line 2") && tooBig.getMessage().contains("at most 100MiB"),
                tooBig.getMessage());
    }

    @Test
    void theBodiesBuiltBeforeTheRunAreBounded() {
        SettingsException e = assertThrows(SettingsException.class,
                () -> SizeMix.parse("100MiB:20,99MiB:20,98MiB:20,97MiB:20,96MiB:10,95MiB:10"));
        assertTrue(e.getMessage().contains("512MiB at most"), e.getMessage());
    }

    @Test
    void consecutiveMessagesOfOneSizeCarryDifferentBodies() {
        MessageContent c = MessageContent.of(SizeMix.of(2048), PayloadContent.RANDOM, MessageProperties.NONE, null);
        java.util.Set<String> bodies = new java.util.HashSet<>();
        for (long k = 0; k < 32; k++) {
            bodies.add(java.util.Arrays.toString(c.of(k)));
        }
        assertEquals(MessageContent.VARIANTS, bodies.size(), "16 bodies in turn");
        assertEquals(java.util.Arrays.toString(c.of(3)), java.util.Arrays.toString(c.of(3 + MessageContent.VARIANTS)));
        MessageContent big = MessageContent.of(SizeMix.of(2 * 1024 * 1024), PayloadContent.TEXT, MessageProperties.NONE, null);
        assertTrue(big.of(0) != big.of(1) && big.of(0) == big.of(2), "as many as fit in 4 MiB: two of 2 MiB");
    }

    @Test
    void badMixesAreRefusedInOneLineNamingSize() {
        for (String bad : new String[] {"512:50,8KiB:40", "512:50,8KiB", "512:0,8KiB:100", "512:50,512:50", "10:100",
            "2 parsecs", "512:50,200MiB:50", "", "9999999999g"}) {
            SettingsException e = assertThrows(SettingsException.class, () -> SizeMix.parse(bad), bad);
            assertEquals("--size", e.option(), bad);
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
        assertTrue(assertThrows(SettingsException.class, () -> SizeMix.parse("512:50,8KiB:40")).getMessage()
                .contains("add up to 90 %"));
        SettingsException missing = assertThrows(SettingsException.class,
                () -> SizeMix.parse("file:" + dir.resolve("none.txt")));
        assertTrue(missing.getMessage().startsWith("--size file:"), missing.getMessage());
    }
}
