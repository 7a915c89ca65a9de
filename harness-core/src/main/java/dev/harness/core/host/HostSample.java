package dev.harness.core.host;

import java.util.List;

/**
 * What the host looked like over one sampling interval, read from Linux /proc.
 *
 * <p>Absent figures: doubles are {@code NaN}, counts are {@code -1}, {@code cpus} is 0 and {@code disks} is
 * empty. Interval figures (percentages, rates, overflows) are absent on the first sample, which only primes
 * the counters; instantaneous figures (run queue, in flight, available memory, pressure averages) are
 * present from the first sample on. Anything whose /proc file is missing or unreadable stays absent.
 *
 * @param epochMillis wall-clock time of the sample
 * @param intervalSeconds time since the previous sample; NaN on the first
 * @param cpus online CPUs (the {@code cpuN} lines of /proc/stat)
 * @param procsRunning runnable threads, running or waiting for a CPU ({@code procs_running}), at the moment of sampling
 * @param procsBlocked threads blocked waiting for I/O ({@code procs_blocked}), at the moment of sampling
 * @param cpuUserPercent user and nice time, all CPUs together, 0..100
 * @param cpuSystemPercent system, irq and softirq time, 0..100
 * @param cpuIowaitPercent idle time with I/O outstanding, 0..100
 * @param cpuStealPercent time the hypervisor ran something else while this guest wanted the CPU, 0..100
 * @param cpuIdlePercent idle time without I/O outstanding, 0..100; the five percentages add up to 100
 * @param disks whole disks in /proc/diskstats order (partitions, loop, ram and zram devices left out)
 * @param memAvailableBytes {@code MemAvailable} of /proc/meminfo
 * @param majorFaultsPerSec page faults that needed a disk read ({@code pgmajfault} of /proc/vmstat), per second
 * @param cpuSomeAvg10 /proc/pressure/cpu {@code some avg10}: % of the last 10 s some runnable task waited for a CPU
 * @param ioSomeAvg10 /proc/pressure/io {@code some avg10}
 * @param ioFullAvg10 /proc/pressure/io {@code full avg10}: % of the last 10 s all non-idle tasks waited for I/O
 * @param memorySomeAvg10 /proc/pressure/memory {@code some avg10}
 * @param memoryFullAvg10 /proc/pressure/memory {@code full avg10}
 * @param tcpListenOverflows connections the kernel could not queue because a listen backlog was full,
 *        during the interval (TcpExt ListenOverflows of /proc/net/netstat)
 * @param tcpListenDrops connection attempts dropped at a listening socket during the interval, overflows included
 *        (TcpExt ListenDrops)
 */
public record HostSample(long epochMillis, double intervalSeconds, int cpus, int procsRunning, int procsBlocked,
        double cpuUserPercent, double cpuSystemPercent, double cpuIowaitPercent, double cpuStealPercent,
        double cpuIdlePercent, List<DiskSample> disks, long memAvailableBytes, double majorFaultsPerSec,
        double cpuSomeAvg10, double ioSomeAvg10, double ioFullAvg10, double memorySomeAvg10, double memoryFullAvg10,
        long tcpListenOverflows, long tcpListenDrops) {

    /** Longest {@link #column()} can be. */
    public static final int COLUMN_WIDTH = 24;

    public HostSample {
        disks = List.copyOf(disks);
    }

    /** Runnable threads beyond the CPU count: those waiting for a CPU. 0 when unknown. */
    public int runQueueExcess() {
        return procsRunning < 0 || cpus <= 0 ? 0 : Math.max(0, procsRunning - cpus);
    }

    /** The disk with the most requests in flight, or null when no disk was sampled. */
    public DiskSample busiestDisk() {
        DiskSample best = null;
        for (DiskSample d : disks) {
            if (best == null || d.inFlight() > best.inFlight()) {
                best = d;
            }
        }
        return best;
    }

    /**
     * A short column for the console interval line, e.g. {@code rq 3/2 iow 12% disk 4}: runnable threads
     * against CPUs, iowait, and the largest disk in flight; {@code -} where absent. At most
     * {@value #COLUMN_WIDTH} characters, not padded.
     */
    public String column() {
        String s = column(false);
        if (s.length() > COLUMN_WIDTH) {
            // Only big machines with long queues get here; keep the numbers (in thousands) and lose the words.
            s = column(true);
        }
        return s.length() <= COLUMN_WIDTH ? s : s.substring(0, COLUMN_WIDTH);
    }

    private String column(boolean compact) {
        String rq = procsRunning < 0 || cpus <= 0 ? "-" : count(procsRunning, compact) + "/" + count(cpus, compact);
        String iow = Double.isNaN(cpuIowaitPercent) ? "-" : Math.round(cpuIowaitPercent) + "%";
        DiskSample d = busiestDisk();
        String disk = d == null ? "-" : count(d.inFlight(), compact);
        return compact ? "rq" + rq + " io" + iow + " d" + disk : "rq " + rq + " iow " + iow + " disk " + disk;
    }

    private static String count(int n, boolean compact) {
        if (!compact || n < 10_000) {
            return Integer.toString(n);
        }
        return n < 1_000_000 ? n / 1_000 + "k" : n / 1_000_000 + "M";
    }
}
