package dev.harness.core.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class HostSummaryTest {
    private static final long T = Instant.parse("2026-11-21T14:02:03Z").toEpochMilli();
    private static final double NaN = Double.NaN;

    private final HostSummary summary = new HostSummary(ZoneOffset.UTC);

    /** A calm interval on 2 CPUs with one idle disk and no pressure. */
    private static HostSample sample(long at, int running, List<DiskSample> disks, double memFull, double ioFull,
            long overflows, long drops) {
        return new HostSample(at, 1.0, 2, running, 0, 10, 5, 0, 0, 85, disks, 1L << 30, 0, 0, 0, ioFull, 0, memFull,
                overflows, drops);
    }

    private static HostSample calm(long at) {
        return sample(at, 1, List.of(new DiskSample("vda", 0, 1, 1, 1)), 0, 0, 0, 0);
    }

    @Test
    void nothingSampled() {
        assertEquals("host not sampled", summary.longestQueue());
    }

    @Test
    void calmRunHasNoQueue() {
        summary.add(calm(T));
        summary.add(sample(T + 1000, 3, List.of(new DiskSample("vda", 1, 100, 50, 50)), 5, 9.9, 0, 0));
        assertEquals("no queue stood out", summary.longestQueue());
        assertTrue(summary.longest().isEmpty());
        assertEquals(3, summary.maxRunnable());
        assertEquals(1, summary.maxRunQueueExcess());
        assertEquals(Map.of("vda", 1), summary.maxDiskInFlight());
        assertEquals(5.0, summary.maxMemoryFullAvg10());
        assertEquals(9.9, summary.maxIoFullAvg10());
        assertEquals(0, summary.tcpListenOverflows());
    }

    @Test
    void cpuRunQueueWins() {
        summary.add(calm(T - 1000));
        summary.add(sample(T, 9, List.of(new DiskSample("vda", 3, 100, 1, 1)), 20, 0, 5, 5));
        summary.add(calm(T + 1000));
        assertEquals("longest queue: CPU run queue, 9 runnable threads on 2 CPUs at 14:02:03 (3.5x)",
                summary.longestQueue());
        assertEquals(HostSummary.Kind.CPU_RUN_QUEUE, summary.longest().orElseThrow().kind());
        assertEquals(7, summary.maxRunQueueExcess());
        // Read back from a run's JSON (a sweep's shards): the queue, as the summary's own peak describes it.
        assertEquals(summary.longest().orElseThrow().description(), HostSummary.peakOf(summary.longestQueue()));
        assertEquals(null, HostSummary.peakOf("no queue stood out"));
        assertEquals(null, HostSummary.peakOf("host not sampled"));
        assertEquals(null, HostSummary.peakOf(null));
    }

    @Test
    void diskQueueWinsWeightedByBusy() {
        summary.add(sample(T - 1000, 5, List.of(new DiskSample("sda", 40, 5, 1, 1),
                new DiskSample("nvme0n1", 2, 100, 1, 1)), 0, 0, 0, 0));
        summary.add(sample(T, 5, List.of(new DiskSample("sda", 0, 0, 0, 0),
                new DiskSample("nvme0n1", 9, 95, 1, 1)), 0, 0, 0, 0));
        // run queue (5-2)/2 = 1.5; sda 39 waiting at 5% busy = 1.95; nvme0n1 8 waiting at 95% = 7.6
        assertEquals("longest queue: disk nvme0n1, 9 requests in flight at 95% busy at 14:02:03 (7.6x)",
                summary.longestQueue());
        HostSummary.QueuePeak p = summary.longest().orElseThrow();
        assertEquals(HostSummary.Kind.DISK, p.kind());
        assertEquals("nvme0n1", p.name());
        assertEquals(T, p.epochMillis());
        assertEquals(Map.of("sda", 40, "nvme0n1", 9), summary.maxDiskInFlight());
    }

    @Test
    void aDiskFirstSeenWithoutABusyFigureIsNotAQueueYet() {
        summary.add(sample(T, 1, List.of(new DiskSample("vda", 30, NaN, NaN, NaN)), 0, 0, -1, -1));
        assertEquals("no queue stood out", summary.longestQueue());
        assertEquals(Map.of("vda", 30), summary.maxDiskInFlight());
        assertEquals(-1, summary.tcpListenOverflows());
    }

    @Test
    void memoryPressureWins() {
        summary.add(calm(T - 1000));
        summary.add(sample(T, 4, List.of(), 23.5, 12, 0, 0));
        summary.add(sample(T + 1000, 1, List.of(), 20, 0, 0, 0));
        assertEquals("longest queue: memory, all non-idle tasks stalled on memory 23.5% of the time"
                + " (pressure full avg10) at 14:02:03 (2.4x)", summary.longestQueue());
        assertEquals(23.5, summary.maxMemoryFullAvg10());
    }

    @Test
    void ioPressureWins() {
        summary.add(sample(T, 3, List.of(new DiskSample("vda", 2, 90, 1, 1)), 1, 31, 0, 0));
        assertEquals("longest queue: I/O, all non-idle tasks stalled on I/O 31.0% of the time"
                + " (pressure full avg10) at 14:02:03 (3.1x)", summary.longestQueue());
        assertEquals(HostSummary.Kind.IO_PRESSURE, summary.longest().orElseThrow().kind());
    }

    @Test
    void tcpBacklogOverflowsStandOutWhenNothingElseDoes() {
        summary.add(calm(T - 1000));
        summary.add(sample(T, 3, List.of(), 0, 0, 30, 31));
        summary.add(sample(T + 1000, 3, List.of(), 0, 0, 7, 9));
        assertEquals("longest queue: TCP listen backlog, 37 connections overflowed (40 dropped) over the run,"
                + " most (30) in the interval to 14:02:03 (backlog full)", summary.longestQueue());
        assertEquals(37, summary.tcpListenOverflows());
        assertEquals(40, summary.tcpListenDrops());
    }

    @Test
    void aQueueAsLongAsAFullBacklogIsNamedBeforeIt() {
        summary.add(sample(T, 4, List.of(), 0, 0, 1, 1)); // run queue (4-2)/2 = 1.0, same as the backlog
        assertEquals("longest queue: CPU run queue, 4 runnable threads on 2 CPUs at 14:02:03 (1.0x)",
                summary.longestQueue());
    }

    @Test
    void peaksListEveryQueueInKindOrder() {
        summary.add(sample(T, 2, List.of(new DiskSample("vda", 1, 50, 1, 1)), 0.5, 0.25, 0, 0));
        List<HostSummary.Kind> kinds = summary.peaks().stream().map(HostSummary.QueuePeak::kind).toList();
        assertEquals(List.of(HostSummary.Kind.CPU_RUN_QUEUE, HostSummary.Kind.DISK, HostSummary.Kind.MEMORY_PRESSURE,
                HostSummary.Kind.IO_PRESSURE, HostSummary.Kind.TCP_LISTEN_BACKLOG), kinds);
        assertEquals("disk vda, 1 request in flight at 50% busy at 14:02:03 (0.0x)", summary.peaks().get(1).description());
        assertEquals("TCP listen backlog, 0 connections overflowed over the run", summary.peaks().get(4).description());
    }

    @Test
    void columnStaysShort() {
        HostSample big = new HostSample(T, 1, 512, 100_000, 0, 0, 0, 100, 0, 0,
                List.of(new DiskSample("nvme0n1", 65_535, 100, 0, 0)), 0, 0, 0, 0, 0, 0, 0, 0, 0);
        assertEquals("rq100k/512 io100% d65k", big.column());
        assertTrue(big.column().length() <= HostSample.COLUMN_WIDTH);
        HostSample huge = new HostSample(T, 1, Integer.MAX_VALUE, Integer.MAX_VALUE, 0, 0, 0, 100, 0, 0,
                List.of(new DiskSample("nvme0n1", Integer.MAX_VALUE, 100, 0, 0)), 0, 0, 0, 0, 0, 0, 0, 0, 0);
        assertTrue(huge.column().length() <= HostSample.COLUMN_WIDTH, huge::column);
        HostSample usual = sample(T, 3, List.of(new DiskSample("vda", 4, 50, 0, 0)), 0, 0, 0, 0);
        assertEquals("rq 3/2 iow 0% disk 4", usual.column());
    }
}
