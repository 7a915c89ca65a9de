package dev.harness.core.host;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The host's queues over a whole run: the worst moment of each, and which was longest.
 *
 * <p>Queues of different kinds are compared by a score of "waiters per server", where 1.0 means as much
 * waiting again as there is capacity, and a queue stands out when its score reaches {@value #NOTABLE}:
 * <ul>
 * <li>CPU run queue: runnable threads beyond the CPU count, per CPU ({@code (runnable - cpus) / cpus}).
 * <li>Disk: requests in flight beyond the one being served, weighted by how busy the disk was over the
 *     interval ({@code (inFlight - 1) * busy%/100}); the disk is treated as one server, as %util does, and the
 *     weighting keeps a burst caught on a mostly idle disk from counting as a queue.
 * <li>Memory and I/O: pressure {@code full avg10} (share of the last 10 s in which every non-idle task was
 *     stalled) over 10%.
 * <li>TCP listen backlog: the kernel counts only what overflowed, not how long the backlog was, so any
 *     overflow scores exactly 1.0: a full backlog is always notable, and any other queue at least as long
 *     relative to its capacity is named first, since a full backlog is usually the symptom of the others.
 * </ul>
 * Ties go to the kind listed first. Not thread-safe.
 */
public final class HostSummary {
    /** Score from which a queue stands out. */
    public static final double NOTABLE = 1.0;

    /** The kinds of queue, in the order ties are broken. */
    public enum Kind {
        CPU_RUN_QUEUE, DISK, MEMORY_PRESSURE, IO_PRESSURE, TCP_LISTEN_BACKLOG
    }

    /**
     * The worst moment of one queue.
     *
     * @param kind which queue
     * @param name the disk's name for {@link Kind#DISK}, otherwise the kind in words
     * @param score waiters per server, see the class comment
     * @param epochMillis when (for the TCP backlog: the interval with the most overflows)
     * @param description what it was, as one phrase, e.g.
     *        "CPU run queue, 9 runnable threads on 2 CPUs at 14:02:03 (3.5x)"
     */
    public record QueuePeak(Kind kind, String name, double score, long epochMillis, String description) {
    }

    private final DateTimeFormatter time;
    private int samples;

    private int maxRunnable = -1;
    private double cpuScore = -1;
    private int cpuRunnable;
    private int cpuCpus;
    private long cpuAt;

    private final Map<String, Integer> maxInFlight = new LinkedHashMap<>();
    private final Map<String, DiskPeak> diskPeaks = new LinkedHashMap<>();

    private double maxMemoryFull = Double.NaN;
    private long memoryAt;
    private double maxIoFull = Double.NaN;
    private long ioAt;

    private long overflows = -1;
    private long drops = -1;
    private long worstOverflows;
    private long worstOverflowsAt;

    private record DiskPeak(double score, int inFlight, double busyPercent, long at) {
    }

    /** Times in the summary are local to this machine. */
    public HostSummary() {
        this(ZoneId.systemDefault());
    }

    public HostSummary(ZoneId zone) {
        this.time = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(zone);
    }

    public void add(HostSample s) {
        samples++;
        long at = s.epochMillis();
        if (s.procsRunning() >= 0 && s.cpus() > 0) {
            maxRunnable = Math.max(maxRunnable, s.procsRunning());
            double score = (double) s.runQueueExcess() / s.cpus();
            if (score > cpuScore) {
                cpuScore = score;
                cpuRunnable = s.procsRunning();
                cpuCpus = s.cpus();
                cpuAt = at;
            }
        }
        for (DiskSample d : s.disks()) {
            maxInFlight.merge(d.name(), d.inFlight(), Math::max);
            double score = Double.isNaN(d.busyPercent()) ? 0 : Math.max(0, d.inFlight() - 1) * d.busyPercent() / 100;
            DiskPeak p = diskPeaks.get(d.name());
            if (p == null || score > p.score) {
                diskPeaks.put(d.name(), new DiskPeak(score, d.inFlight(), d.busyPercent(), at));
            }
        }
        if (s.memoryFullAvg10() >= 0 && !(s.memoryFullAvg10() <= maxMemoryFull)) {
            maxMemoryFull = s.memoryFullAvg10();
            memoryAt = at;
        }
        if (s.ioFullAvg10() >= 0 && !(s.ioFullAvg10() <= maxIoFull)) {
            maxIoFull = s.ioFullAvg10();
            ioAt = at;
        }
        if (s.tcpListenOverflows() >= 0) {
            overflows = Math.max(overflows, 0) + s.tcpListenOverflows();
            if (s.tcpListenOverflows() > worstOverflows) {
                worstOverflows = s.tcpListenOverflows();
                worstOverflowsAt = at;
            }
        }
        if (s.tcpListenDrops() >= 0) {
            drops = Math.max(drops, 0) + s.tcpListenDrops();
        }
    }

    public int samples() {
        return samples;
    }

    /** Most runnable threads seen at once; -1 when the run queue was never sampled. */
    public int maxRunnable() {
        return maxRunnable;
    }

    /** Most runnable threads beyond the CPU count seen at once; 0 when never sampled. */
    public int maxRunQueueExcess() {
        return cpuScore > 0 ? cpuRunnable - cpuCpus : 0;
    }

    /** Most requests in flight seen at once, per whole disk, in the order the disks were first seen. */
    public Map<String, Integer> maxDiskInFlight() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(maxInFlight));
    }

    /** Highest memory pressure {@code full avg10} seen, %; NaN when never sampled. */
    public double maxMemoryFullAvg10() {
        return maxMemoryFull;
    }

    /** Highest I/O pressure {@code full avg10} seen, %; NaN when never sampled. */
    public double maxIoFullAvg10() {
        return maxIoFull;
    }

    /** TCP listen overflows over the run; -1 when never sampled. */
    public long tcpListenOverflows() {
        return overflows;
    }

    /** TCP listen drops over the run (overflows included); -1 when never sampled. */
    public long tcpListenDrops() {
        return drops;
    }

    /** The worst moment of each queue that was sampled, in {@link Kind} order (disks in the order first seen). */
    public List<QueuePeak> peaks() {
        List<QueuePeak> out = new ArrayList<>();
        if (cpuScore >= 0) {
            out.add(new QueuePeak(Kind.CPU_RUN_QUEUE, "CPU run queue", cpuScore, cpuAt,
                    String.format(Locale.ROOT, "CPU run queue, %d runnable threads on %d CPUs at %s (%.1fx)",
                            cpuRunnable, cpuCpus, at(cpuAt), cpuScore)));
        }
        for (Map.Entry<String, DiskPeak> e : diskPeaks.entrySet()) {
            DiskPeak p = e.getValue();
            String busy = Double.isNaN(p.busyPercent) ? ""
                    : String.format(Locale.ROOT, " at %.0f%% busy", p.busyPercent);
            out.add(new QueuePeak(Kind.DISK, e.getKey(), p.score, p.at,
                    String.format(Locale.ROOT, "disk %s, %d %s in flight%s at %s (%.1fx)", e.getKey(), p.inFlight,
                            p.inFlight == 1 ? "request" : "requests", busy, at(p.at), p.score)));
        }
        if (!Double.isNaN(maxMemoryFull)) {
            out.add(pressure(Kind.MEMORY_PRESSURE, "memory", maxMemoryFull, memoryAt));
        }
        if (!Double.isNaN(maxIoFull)) {
            out.add(pressure(Kind.IO_PRESSURE, "I/O", maxIoFull, ioAt));
        }
        if (overflows >= 0) {
            String dropped = drops > overflows ? String.format(Locale.ROOT, " (%d dropped)", drops) : "";
            String when = worstOverflows > 0 ? String.format(Locale.ROOT, ", most (%d) in the interval to %s",
                    worstOverflows, at(worstOverflowsAt)) : "";
            String text = String.format(Locale.ROOT, "TCP listen backlog, %d %s overflowed%s over the run%s%s",
                    overflows, overflows == 1 ? "connection" : "connections", dropped, when,
                    overflows > 0 ? " (backlog full)" : "");
            out.add(new QueuePeak(Kind.TCP_LISTEN_BACKLOG, "TCP listen backlog", overflows > 0 ? NOTABLE : 0,
                    worstOverflowsAt, text));
        }
        return out;
    }

    /** The queue that was longest relative to its capacity, if any stood out. */
    public Optional<QueuePeak> longest() {
        QueuePeak best = null;
        for (QueuePeak p : peaks()) {
            if (p.score >= NOTABLE && (best == null || p.score > best.score)) {
                best = p;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * One sentence for the run summary, e.g.
     * "longest queue: CPU run queue, 9 runnable threads on 2 CPUs at 14:02:03 (3.5x)"; "no queue stood out" when
     * none reached {@value #NOTABLE}; "host not sampled" when there were no samples.
     */
    public String longestQueue() {
        if (samples == 0) {
            return "host not sampled";
        }
        return longest().map(p -> LONGEST_QUEUE + p.description()).orElse("no queue stood out");
    }

    private static final String LONGEST_QUEUE = "longest queue: ";

    /** The queue a {@link #longestQueue()} sentence (as a run's JSON carries it) names, or null when none stood out. */
    public static String peakOf(String longestQueue) {
        return longestQueue != null && longestQueue.startsWith(LONGEST_QUEUE) ? longestQueue.substring(LONGEST_QUEUE.length())
                : null;
    }

    private QueuePeak pressure(Kind kind, String what, double fullAvg10, long at) {
        double score = fullAvg10 / 10.0;
        return new QueuePeak(kind, what, score, at, String.format(Locale.ROOT,
                "%s, all non-idle tasks stalled on %s %.1f%% of the time (pressure full avg10) at %s (%.1fx)",
                what, what, fullAvg10, at(at), score));
    }

    private String at(long epochMillis) {
        return time.format(Instant.ofEpochMilli(epochMillis));
    }
}
