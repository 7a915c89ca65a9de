package dev.harness.core.hlog;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes an hlog with HdrHistogram's {@link HistogramLogWriter}, so its tools read it: the
 * header, then per interval its histograms (one per tag) and the host's figures. Times are
 * seconds from the header's start, which is also the log's base time. {@link HlogReader} reads
 * back what this writes.
 */
public final class HlogWriter implements Closeable {
    private final PrintStream stream;
    private final HistogramLogWriter writer;

    /** Writes to a stream (a file, a pipe), which {@link #close()} closes. */
    public HlogWriter(OutputStream out) {
        this.stream = new PrintStream(new BufferedOutputStream(out), false, StandardCharsets.UTF_8);
        this.writer = new HistogramLogWriter(stream);
    }

    /** Creates or truncates the file at once, so a bad path fails before anything is measured. */
    public static HlogWriter create(Path file) throws IOException {
        return new HlogWriter(Files.newOutputStream(file));
    }

    public void header(HlogHeader header) {
        for (String c : header.comments()) {
            writer.outputComment(c);
        }
        writer.outputLogFormatVersion();
        writer.outputStartTime(header.startMs());
        writer.setBaseTime(header.startMs());
        writer.outputBaseTime(header.startMs());
        writer.outputLegend();
    }

    /** One tag's histogram of an interval; sets {@code h}'s tag (null: untagged). */
    public void interval(double startS, double endS, String tag, Histogram h) {
        h.setTag(tag);
        writer.outputIntervalHistogram(startS, endS, h);
    }

    /** The host's figures of the interval just written. */
    public void host(HostFigures figures) {
        writer.outputComment(figures.line());
    }

    /** The queue depth at the end of the interval just written. */
    public void depth(DepthFigures figures) {
        writer.outputComment(figures.line());
    }

    public void flush() {
        stream.flush();
    }

    /** True once a write failed (disk full, say): PrintStream keeps its errors to itself. */
    public boolean checkError() {
        return stream.checkError();
    }

    @Override
    public void close() {
        stream.flush();
        stream.close();
    }
}
