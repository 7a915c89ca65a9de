package dev.harness.core.host;

import static dev.harness.core.host.ProcFixtures.fixture;
import static dev.harness.core.host.ProcFixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class DiskStatsTest {
    private final ProcFixtures.Noted noted = new ProcFixtures.Noted();

    @Test
    void wholeDisksOnly() {
        DiskStats before = DiskStats.parse(fixture("normal/before/diskstats"), noted);
        assertEquals(List.of("vda"), names(before));
        assertEquals(0, before.disks().get(0).inFlight());

        // loop0 went busy in the "after" file and zram0 is there too: neither is a disk.
        DiskStats after = DiskStats.parse(fixture("normal/after/diskstats"), noted);
        assertEquals(List.of("vda"), names(after));
        assertEquals(4, after.disks().get(0).inFlight());
        assertEquals(List.of(), noted.said);
    }

    @Test
    void theCountersThatAreKept() {
        DiskStats.Disk vda = DiskStats.parse(fixture("normal/after/diskstats"), noted).disks().get(0);
        assertEquals(new DiskStats.Disk("vda", 194360, 8334266, 4, 686380), vda);
    }

    @Test
    void diskstatsOfEveryKernelGenerationAndAwkwardLines() {
        DiskStats first = DiskStats.parse(fixture("diskstats-columns/before/diskstats"), noted);
        DiskStats s = DiskStats.parse(fixture("diskstats-columns/after/diskstats"), noted);

        // 14 columns (sda, mmcblk0), 18 (dm-0), 20 (nvme0n1, md127); partitions, loop, ram, zram left out;
        // sdb (10 columns) and sdc (a field that is not a number) skipped.
        List<String> disks = List.of("sda", "nvme0n1", "dm-0", "mmcblk0", "md127");
        assertEquals(disks, names(first));
        assertEquals(disks, names(s));

        assertEquals(3, s.disks().get(0).inFlight());
        assertEquals(12, s.disks().get(1).inFlight());
        assertEquals(0, s.disks().get(2).inFlight());
        assertEquals(1, s.disks().get(4).inFlight());

        String sdb = "   8      16 sdb 1 2 3 4 5 6 7";
        String sdc = "   8      32 sdc 10 0 80 x 20 0 160 9 0 15 14";
        assertEquals(List.of("malformed: " + sdb, "malformed: " + sdc, "malformed: " + sdb, "malformed: " + sdc),
                noted.said);
    }

    @Test
    void anEmptyFileHasNoDisks() {
        assertEquals(List.of(), DiskStats.parse(text(""), noted).disks());
        assertEquals(List.of(), noted.said);
    }

    @Test
    void blankLinesAreNotMalformed() {
        DiskStats s = DiskStats.parse(text("\n   8 0 sda 1 2 3 4 5 6 7 8 9 10 11\n"), noted);
        assertEquals(List.of("sda"), names(s));
        assertEquals(9, s.disks().get(0).inFlight());
        assertEquals(List.of(), noted.said);
    }

    @Test
    void wholeDisksByName() {
        Set<String> all = Set.of("sda", "sda1", "sdaa", "sdaa2", "nvme0n1", "nvme0n1p1", "mmcblk0", "mmcblk0p1",
                "mmcblk0boot0", "vda", "vda1", "dm-0", "md127", "sr0", "loop0", "ram15", "zram0", "xvda", "xvda1",
                "nbd0", "nbd0p1");
        for (String disk : List.of("sda", "sdaa", "nvme0n1", "mmcblk0", "mmcblk0boot0", "vda", "dm-0", "md127", "sr0",
                "xvda", "nbd0")) {
            assertTrue(DiskStats.isWholeDisk(disk, all), disk);
        }
        for (String notDisk : List.of("sda1", "sdaa2", "nvme0n1p1", "mmcblk0p1", "vda1", "loop0", "ram15", "zram0",
                "xvda1", "nbd0p1")) {
            assertFalse(DiskStats.isWholeDisk(notDisk, all), notDisk);
        }
        // A partition listed without its disk is still known by its shape.
        assertFalse(DiskStats.isWholeDisk("sdb3", Set.of("sdb3")));
        assertFalse(DiskStats.isWholeDisk("nvme1n1p2", Set.of("nvme1n1p2")));
    }

    private static List<String> names(DiskStats s) {
        return s.disks().stream().map(DiskStats.Disk::name).toList();
    }
}
