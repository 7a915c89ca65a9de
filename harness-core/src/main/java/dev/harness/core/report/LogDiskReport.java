package dev.harness.core.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;

import dev.harness.core.JsonWriter;
import dev.harness.core.Units;
import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.logdisk.BlockSizeResult;
import dev.harness.core.logdisk.LogDiskProbe;
import dev.harness.core.logdisk.LogDiskSettings;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.Percentiles;

/**
 * What {@code harness logdisk} prints and writes: a line per second while it runs, MQLDT's
 * figures per block size and the latency percentiles beyond them; optionally JSON and an hlog
 * (tag {@code write-4K} and so on, values in nanoseconds).
 */
public final class LogDiskReport implements LogDiskProbe.Listener, AutoCloseable {
    public static final String SCHEMA = "harness-logdisk/1";

    private final PrintStream out;
    private final LogDiskSettings settings;
    private final List<BlockSizeResult> results = new ArrayList<>();
    private final HlogWriter hlog;
    private final Histogram scratch = Histograms.create();
    private double secondsBefore;

    public LogDiskReport(PrintStream out, LogDiskSettings settings, Path hlogFile) throws IOException {
        this.out = out;
        this.settings = settings;
        if (hlogFile == null) {
            hlog = null;
        } else {
            hlog = HlogWriter.create(hlogFile);
            hlog.header(HlogHeader.builder(System.currentTimeMillis())
                    .comment("harness logdisk in " + settings.dir() + "; values in nanoseconds; one tag per block size").build());
            hlog.flush();
        }
    }

    public static String label(int blockSize) {
        if (blockSize % (1024 * 1024) == 0) {
            return blockSize / (1024 * 1024) + "M";
        }
        return blockSize % 1024 == 0 ? blockSize / 1024 + "K" : Integer.toString(blockSize);
    }

    public void header() {
        out.printf(Locale.ROOT, "harness logdisk in %s: %d files of %,d bytes, %d writer thread(s), %s%n",
                settings.dir(), settings.files(), settings.fileSize(), settings.threads(), settings.sync().description());
        out.flush();
    }

    @Override
    public void blockSizeStarted(int blockSize) {
        out.printf(Locale.ROOT, "%nblock size %s (%d bytes), %.0f s:%n%8s %10s %14s %12s %12s%n", label(blockSize), blockSize,
                settings.durationNs() / 1e9, "second", "writes", "bytes/s", "avg (ms)", "max (ms)");
        out.flush();
    }

    @Override
    public void second(int blockSize, int second, Histogram latencies) {
        out.printf(Locale.ROOT, "%8d %10s %14s %12s %12s%n", second, Units.count(latencies.getTotalCount()),
                Units.count(latencies.getTotalCount() * blockSize),
                latencies.getTotalCount() == 0 ? "-" : Units.ms(latencies.getMean()),
                latencies.getTotalCount() == 0 ? "-" : Units.ms(latencies.getMaxValue()));
        out.flush();
        if (hlog != null) {
            latencies.copyInto(scratch);
            hlog.interval(secondsBefore + second - 1, secondsBefore + second, "write-" + label(blockSize), scratch);
            hlog.flush();
        }
    }

    @Override
    public void blockSizeFinished(BlockSizeResult r) {
        results.add(r);
        secondsBefore += Math.ceil(r.seconds());
        Histogram h = r.latency();
        out.println();
        out.printf(Locale.ROOT, "Total writes to files                                : %15s%n", Units.count(r.writes()));
        out.printf(Locale.ROOT, "Total bytes written to files                         : %15s%n", Units.count(r.bytes()));
        out.printf(Locale.ROOT, "Max bytes/sec written to files (over 1 sec interval) : %15s%n", Units.count(r.maxBytesPerSecond()));
        out.printf(Locale.ROOT, "Min bytes/sec written to files (over 1 sec interval) : %15s%n", Units.count(r.minBytesPerSecond()));
        out.printf(Locale.ROOT, "Avg bytes/sec written to files                       : %15s%n",
                Units.count(Math.round(r.averageBytesPerSecond())));
        if (h.getTotalCount() > 0) {
            out.printf(Locale.ROOT, "Max latency of write (ns)      : %15s (#%s)%n", Units.count(h.getMaxValue()), Units.count(r.slowestWrite()));
            out.printf(Locale.ROOT, "Min latency of write (ns)      : %15s (#%s)%n", Units.count(h.getMinValue()), Units.count(r.fastestWrite()));
            out.printf(Locale.ROOT, "Avg latency of write (ns)      : %15s%n", Units.count(Math.round(h.getMean())));
            StringBuilder p = new StringBuilder("Write latency (ms)             :");
            for (double q : Percentiles.SUMMARY) {
                p.append(' ').append(Percentiles.label(q)).append(' ').append(Units.ms(Percentiles.at(h, q)));
            }
            out.println(p.append(" max ").append(Units.ms(h.getMaxValue())));
        }
        out.flush();
    }

    /** Writes the JSON file of everything tested. */
    public void writeJson(Path file, String stopReason) throws IOException {
        JsonWriter j = new JsonWriter().beginObject().field("schema", SCHEMA);
        j.name("settings").beginObject()
                .field("dir", settings.dir().toString())
                .field("files", settings.files())
                .field("fileSize", settings.fileSize())
                .field("threads", settings.threads())
                .field("sync", settings.sync().name().toLowerCase(Locale.ROOT))
                .field("durationS", settings.durationNs() / 1e9)
                .endObject();
        j.field("stopReason", stopReason);
        j.name("results").beginArray();
        for (BlockSizeResult r : results) {
            Histogram h = r.latency();
            j.beginObject()
                    .field("blockSize", r.blockSize())
                    .field("writes", r.writes())
                    .field("bytes", r.bytes())
                    .field("seconds", r.seconds());
            j.name("bytesPerSecond").beginObject()
                    .field("max", r.maxBytesPerSecond())
                    .field("min", r.minBytesPerSecond())
                    .field("avg", r.averageBytesPerSecond())
                    .endObject();
            j.name("latencyNs").beginObject()
                    .field("min", h.getTotalCount() == 0 ? 0 : h.getMinValue())
                    .field("minWrite", r.fastestWrite())
                    .field("max", h.getMaxValue())
                    .field("maxWrite", r.slowestWrite())
                    .field("mean", h.getTotalCount() == 0 ? 0 : h.getMean());
            for (double q : Percentiles.SUMMARY) {
                j.field(Percentiles.key(q), Percentiles.at(h, q));
            }
            j.endObject();
            j.name("perSecondBytes").beginArray();
            for (long b : r.perSecondBytes()) {
                j.value(b);
            }
            j.endArray().endObject();
        }
        j.endArray().endObject();
        Files.writeString(file, j + "\n", StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        if (hlog != null) {
            hlog.close();
        }
    }
}
