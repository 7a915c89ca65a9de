package dev.harness.core.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Reads Linux /proc once per interval and turns its counters into a {@link HostSample}: the queues vmstat,
 * iostat and netstat show (runnable threads against CPUs, requests in flight per disk, memory and I/O
 * pressure, TCP listen overflows) plus the CPU split.
 *
 * <p>Each file's format has its own parser ({@link ProcStat}, {@link DiskStats}, {@link VmStat},
 * {@link MemInfo}, {@link NetStat}, {@link Pressure}), which turns text into a record and says what it skipped.
 * This class reads the files, says once what could not be read, and turns counters into figures per interval.
 *
 * <p>The first {@link #sample} only primes the counters: its interval figures (CPU percentages, rates,
 * overflows) are absent, because figures "since boot" would look like the run's and are not. Each later
 * sample covers the time since the one before.
 *
 * <p>A counter that goes backwards is read as a 32-bit wrap when the wrapped difference is under 2^31
 * (diskstats' busy milliseconds are 32-bit and wrap after 49.7 days of uptime), otherwise as a reset, which
 * counts as no change. Either way no rate is negative.
 *
 * <p>A file that is missing or unreadable is reported once through {@link #unavailable()} (and the note
 * callback) and not read again, since /proc entries do not come and go; the other files are still sampled.
 * A malformed line is skipped, reported once per file. Nothing read from /proc makes {@link #sample} throw.
 *
 * <p>Meant to be called once per interval from the reporting thread; {@link #sample} and {@link #unavailable}
 * are synchronized so the notes can be read from another thread.
 */
public final class HostSampler {
    private final Path root;
    private final Clock clock;
    private final Consumer<String> onNote;

    private final List<String> notes = new ArrayList<>();
    private final Set<String> said = new HashSet<>();
    private final Set<String> givenUp = new HashSet<>();
    private boolean rootMissing;

    private boolean primed;
    private long prevNanos;
    private long[] prevCpu;
    private Map<String, DiskStats.Disk> prevDisks = new HashMap<>();
    private long prevMajorFaults = -1;
    private long prevOverflows = -1;
    private long prevDrops = -1;

    /** Samples this machine's /proc. */
    public static HostSampler live() {
        return live(note -> {
        });
    }

    /** Samples this machine's /proc, handing each note about a missing file to {@code onNote} as it is found. */
    public static HostSampler live(Consumer<String> onNote) {
        return new HostSampler(Path.of("/proc"), Clock.systemUTC(), onNote);
    }

    /** Samples a directory laid out like /proc (stat, diskstats, vmstat, meminfo, net/netstat, pressure/). */
    public HostSampler(Path root) {
        this(root, Clock.systemUTC(), note -> {
        });
    }

    public HostSampler(Path root, Clock clock, Consumer<String> onNote) {
        this.root = Objects.requireNonNull(root, "root");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.onNote = Objects.requireNonNull(onNote, "onNote");
    }

    /** Every note so far about what could not be sampled, each once, oldest first. */
    public synchronized List<String> unavailable() {
        return List.copyOf(notes);
    }

    /**
     * Reads /proc and returns the figures over the time since the previous call.
     *
     * @param nowNanos {@link System#nanoTime()} now; only differences between calls are used
     */
    public synchronized HostSample sample(long nowNanos) {
        long epochMillis = clock.millis();
        try {
            return read(nowNanos, epochMillis);
        } catch (RuntimeException e) {
            // A bug here must not take the reporting thread down with it; say so once and report nothing.
            note("bug", "host: sampling failed (" + e + "); host figures not sampled this interval");
            return empty(epochMillis);
        }
    }

    private HostSample read(long nowNanos, long epochMillis) {
        if (rootMissing || !Files.isDirectory(root)) {
            rootMissing = true;
            note("root", "host: " + root + " is missing (not Linux?); host figures not sampled");
            return empty(epochMillis);
        }
        boolean interval = primed && nowNanos - prevNanos > 0;
        double seconds = interval ? (nowNanos - prevNanos) / 1e9 : Double.NaN;

        ProcStat stat = parse(ProcStat.FILE, ProcStat.IF_MISSING, ProcStat::parse, ProcStat.NONE);
        double[] cpu = cpuPercents(stat.cpuJiffies());
        List<DiskSample> disks = diskSamples(
                parse(DiskStats.FILE, DiskStats.IF_MISSING, DiskStats::parse, DiskStats.NONE), seconds);

        long majorFaults = parse(VmStat.FILE, VmStat.IF_MISSING, VmStat::parse, VmStat.NONE).majorFaults();
        double majorFaultsPerSec = interval && prevMajorFaults >= 0 && majorFaults >= 0
                ? delta(prevMajorFaults, majorFaults) / seconds : Double.NaN;
        prevMajorFaults = majorFaults;

        NetStat listen = parse(NetStat.FILE, NetStat.IF_MISSING, NetStat::parse, NetStat.NONE);
        long overflows = primed && prevOverflows >= 0 && listen.listenOverflows() >= 0
                ? delta(prevOverflows, listen.listenOverflows()) : -1;
        long drops = primed && prevDrops >= 0 && listen.listenDrops() >= 0
                ? delta(prevDrops, listen.listenDrops()) : -1;
        prevOverflows = listen.listenOverflows();
        prevDrops = listen.listenDrops();

        double[] psi = readPressure();
        long memAvailable = parse(MemInfo.FILE, MemInfo.IF_MISSING, MemInfo::parse, MemInfo.NONE).availableBytes();

        primed = true;
        prevNanos = nowNanos;
        return new HostSample(epochMillis, seconds, stat.cpus(), stat.procsRunning(),
                stat.procsBlocked(), cpu[0], cpu[1], cpu[2], cpu[3], cpu[4], disks, memAvailable, majorFaultsPerSec,
                psi[0], psi[1], psi[2], psi[3], psi[4], overflows, drops);
    }

    private static HostSample empty(long epochMillis) {
        return new HostSample(epochMillis, Double.NaN, 0, -1, -1, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, List.of(), -1, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                -1, -1);
    }

    // --- CPU split over the interval ---

    /** user, system, iowait, steal, idle; NaN before there is an interval. */
    private double[] cpuPercents(long[] cpu) {
        double[] out = {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        long[] prev = prevCpu;
        prevCpu = cpu;
        if (!primed || prev == null || cpu == null) {
            return out;
        }
        long[] d = new long[ProcStat.CPU_FIELDS];
        long total = 0;
        for (int i = 0; i < ProcStat.CPU_FIELDS; i++) {
            // iowait in particular is known to step backwards on some kernels.
            d[i] = delta(prev[i], cpu[i]);
            total += d[i];
        }
        if (total <= 0) {
            return out;
        }
        double pct = 100.0 / total;
        out[0] = (d[0] + d[1]) * pct;
        out[1] = (d[2] + d[5] + d[6]) * pct;
        out[2] = d[4] * pct;
        out[3] = d[7] * pct;
        out[4] = d[3] * pct;
        return out;
    }

    // --- disk rates over the interval ---

    private List<DiskSample> diskSamples(DiskStats now, double seconds) {
        Map<String, DiskStats.Disk> byName = new HashMap<>();
        List<DiskSample> disks = new ArrayList<>();
        for (DiskStats.Disk v : now.disks()) {
            byName.put(v.name(), v);
            DiskStats.Disk p = prevDisks.get(v.name());
            int inFlight = (int) Math.max(0, Math.min(Integer.MAX_VALUE, v.inFlight()));
            if (p == null || Double.isNaN(seconds)) {
                disks.add(new DiskSample(v.name(), inFlight, Double.NaN, Double.NaN, Double.NaN));
            } else {
                double busy = Math.min(100.0, delta(p.busyMillis(), v.busyMillis()) / (seconds * 10.0));
                disks.add(new DiskSample(v.name(), inFlight, busy, delta(p.reads(), v.reads()) / seconds,
                        delta(p.writes(), v.writes()) / seconds));
            }
        }
        prevDisks = byName;
        return disks;
    }

    // --- /proc/pressure ---

    /** cpu some, io some, io full, memory some, memory full (avg10). */
    private double[] readPressure() {
        double[] out = {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        if (givenUp.contains(Pressure.DIRECTORY)) {
            return out;
        }
        Path dir = root.resolve(Pressure.DIRECTORY);
        if (!Files.isDirectory(dir)) {
            givenUp.add(Pressure.DIRECTORY);
            note(Pressure.DIRECTORY, "host: " + dir + " is missing (kernel without PSI); CPU, memory and I/O"
                    + " pressure not sampled");
            return out;
        }
        Pressure cpu = parse("pressure/cpu", "CPU pressure not sampled", Pressure::parse, Pressure.NONE);
        Pressure io = parse("pressure/io", "I/O pressure not sampled", Pressure::parse, Pressure.NONE);
        Pressure mem = parse("pressure/memory", "memory pressure not sampled", Pressure::parse, Pressure.NONE);
        out[0] = cpu.someAvg10();
        out[1] = io.someAvg10();
        out[2] = io.fullAvg10();
        out[3] = mem.someAvg10();
        out[4] = mem.fullAvg10();
        return out;
    }

    // --- plumbing ---

    /** The parser's reading of the file, or {@code none} when the file is missing or unreadable. */
    private <T> T parse(String rel, String consequence, BiFunction<List<String>, ProcLines.Notes, T> parser, T none) {
        List<String> lines = lines(rel, consequence);
        return lines == null ? none : parser.apply(lines, notesFor(rel));
    }

    private ProcLines.Notes notesFor(String rel) {
        return new ProcLines.Notes() {
            @Override
            public void malformed(String line) {
                HostSampler.this.malformed(rel, line);
            }

            @Override
            public void missing(String field, String consequence) {
                noteField(rel, field, consequence);
            }
        };
    }

    /** The file's lines, or null (said once) when it is missing or unreadable. */
    private List<String> lines(String rel, String consequence) {
        if (givenUp.contains(rel)) {
            return null;
        }
        Path p = root.resolve(rel);
        try {
            // ISO-8859-1 maps every byte, so odd bytes in a device name cannot fail the whole read.
            return Files.readAllLines(p, StandardCharsets.ISO_8859_1);
        } catch (NoSuchFileException e) {
            givenUp.add(rel);
            note(rel, "host: " + p + " is missing; " + consequence);
        } catch (IOException | RuntimeException e) {
            givenUp.add(rel);
            String why = e.getMessage() == null || e.getMessage().equals(p.toString())
                    ? e.getClass().getSimpleName() : e.getMessage().replace(p + ": ", "");
            note(rel, "host: " + p + " is unreadable (" + why + "); " + consequence);
        }
        return null;
    }

    private void malformed(String rel, String line) {
        String shown = line.strip();
        if (shown.length() > 60) {
            shown = shown.substring(0, 57) + "...";
        }
        note(rel + ":malformed", "host: skipped a malformed line in " + root.resolve(rel) + ": '" + shown + "'");
    }

    private void noteField(String rel, String field, String consequence) {
        note(rel + ":" + field, "host: " + root.resolve(rel) + " has no " + field + "; " + consequence);
    }

    private void note(String key, String text) {
        if (said.add(key)) {
            notes.add(text);
            try {
                onNote.accept(text);
            } catch (RuntimeException e) {
                // The note is kept in unavailable(); a failing printer must not stop sampling.
            }
        }
    }

    /** cur - prev for a kernel counter, never negative: see the class comment on wraps and resets. */
    static long delta(long prev, long cur) {
        if (cur >= prev) {
            return cur - prev;
        }
        if (prev >= 0 && prev <= 0xFFFF_FFFFL && cur >= 0) {
            long wrapped = (1L << 32) - prev + cur;
            if (wrapped < (1L << 31)) {
                return wrapped;
            }
        }
        return 0;
    }
}
