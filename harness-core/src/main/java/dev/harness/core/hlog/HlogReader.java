package dev.harness.core.hlog;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;

import dev.harness.core.FileErrors;
import dev.harness.core.measure.View;

/**
 * Reads an hlog: its {@link HlogHeader}, then its intervals in file order, each with its lines
 * (one per tag) and the host's figures. The one place that knows what a harness, a merged or a
 * foreign hlog may hold and what is tolerated:
 * <ul>
 * <li>a last line without its line end (a run killed while writing) is left out and told
 * ({@link #cutShort()});
 * <li>a foreign log (jHiccup's, HdrHistogram's tools') has no settings, may have untagged lines
 * (tag null) and no start or base time: the first interval stands for a missing start time, and
 * without a base time timestamps are absolute unless more than a year before the start time;
 * <li>comments after the first interval other than the host's are skipped, as are blank lines
 * and the legend.
 * </ul>
 *
 * <p>Lines are parsed here with {@code HistogramLogReader}'s rules rather than by it, because it
 * gives no comments (its scanner only their first word), reads a text file that is no log as an
 * empty log (a line that does not parse ends its reading without an error), and truncates
 * absolute timestamps to whole milliseconds in floating point ({@code (long) ((timestamp + base) *
 * 1000.0)}: a millisecond early for about one timestamp in eight). Histograms are decoded by
 * HdrHistogram, only when asked for ({@link #histogram(Entry)}): a pass that only needs times
 * decodes nothing. Streamed: only the interval being read is held.
 */
public final class HlogReader implements Closeable {
    /**
     * A harness interval is warmup when it carries this tag: pause-corrected is phased by the
     * interval itself, and every interval carries all the tags of its own phase.
     */
    public static final String WARMUP_MARK = View.PAUSE_CORRECTED.warmupTag();

    private static final long YEAR_MS = 365L * 24 * 3600 * 1000;

    /** One interval line: its tag (null if untagged), absolute start and end in epoch ms, and where it is. */
    public record Entry(String tag, long startMs, long endMs, String payload, int line) {
    }

    /**
     * One interval: the consecutive lines with one start, and the host's figures and depth written after them (or null).
     *
     * @param line the line of its first histogram
     */
    public record Interval(long startMs, List<Entry> entries, HostFigures host, DepthFigures depth, int line) {
        /** The latest end of its lines. */
        public long endMs() {
            return entries.stream().mapToLong(Entry::endMs).max().orElse(startMs);
        }

        public boolean warmup() {
            return entries.stream().anyMatch(e -> WARMUP_MARK.equals(e.tag()));
        }
    }

    /** Whether an interval holding these tags is a warmup interval. */
    public static boolean warmup(Collection<String> tags) {
        return tags.contains(WARMUP_MARK);
    }

    private final Path file;
    private final BufferedReader in;
    /** The file does not end with a line end: its last line is to be left out. */
    private final boolean partialLast;
    /** The line after the current one (read ahead to know the last), or null at the end. */
    private String ahead;
    private int lines;
    private int linesRead;
    private int entries;
    private boolean cutShort;
    private Long startMs;
    private Long baseMs;
    private final HlogHeader header;
    /** The first line of the next interval, read ahead. */
    private Entry pending;
    /** While an interval is read: the host's figures written after its lines. */
    private boolean inInterval;
    private HostFigures host;
    private DepthFigures depth;

    private HlogReader(Path file) throws BadHlogException {
        this.file = file;
        if (Files.isDirectory(file)) {
            throw new BadHlogException(file, "it is a directory");
        }
        try {
            this.partialLast = !endsWithLineEnd(file);
            this.in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BadHlogException(file, FileErrors.describeRead(e), e);
        }
        try {
            this.ahead = read();
            List<String> comments = new ArrayList<>();
            pending = entry(comments);
            if (startMs == null) {
                throw new BadHlogException(file, lines == 0 ? "not an HdrHistogram log: the file is empty"
                        : "not an HdrHistogram log: no #[StartTime: ] and no interval histograms");
            }
            header = new HlogHeader(comments, startMs);
        } catch (BadHlogException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Opens the file and reads its header. */
    public static HlogReader open(Path file) throws BadHlogException {
        return new HlogReader(file);
    }

    public Path file() {
        return file;
    }

    public HlogHeader header() {
        return header;
    }

    /** The next interval, or null at the end. */
    public Interval next() throws BadHlogException {
        if (pending == null) {
            return null;
        }
        List<Entry> lines = new ArrayList<>();
        long start = pending.startMs();
        int line = pending.line();
        inInterval = true;
        host = null;
        depth = null;
        while (pending != null && pending.startMs() == start) {
            lines.add(pending);
            pending = entry(null);
        }
        inInterval = false;
        return new Interval(start, List.copyOf(lines), host, depth, line);
    }

    /** The line's histogram, decoded. */
    public Histogram histogram(Entry e) throws BadHlogException {
        try {
            byte[] bytes = Base64.getDecoder().decode(e.payload());
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException ex) {
            throw new BadHlogException(file, "line " + e.line() + ": the histogram does not decode as an HdrHistogram"
                    + " (integer values, as the harness writes)" + (ex.getMessage() == null ? "" : ": " + ex.getMessage()), ex);
        }
    }

    /** Once read to the end: its last line had no line end and was left out. */
    public boolean cutShort() {
        return cutShort;
    }

    /**
     * The next interval line, or null at the end. Comments go to {@code header} while it is
     * being read (null after), a host line to the interval being read.
     */
    private Entry entry(List<String> header) throws BadHlogException {
        String line;
        while ((line = readLine()) != null) {
            lines++;
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("\"StartTimestamp\"")) {
                continue;
            }
            if (!t.startsWith("#")) {
                return parse(t);
            }
            Double time;
            if ((time = timeAfter(t, "#[StartTime:")) != null) {
                startMs = Math.round(time * 1000);
            } else if ((time = timeAfter(t, "#[BaseTime:")) != null) {
                baseMs = Math.round(time * 1000);
            } else if (t.startsWith("#" + HostFigures.PREFIX)) {
                if (inInterval) {
                    host = HostFigures.parse(t.substring(1));
                }
            } else if (t.startsWith("#" + DepthFigures.PREFIX)) {
                if (inInterval) {
                    depth = DepthFigures.parse(t.substring(1));
                }
            } else if (header != null && !t.startsWith("#[Histogram log format version")) {
                header.add(t.substring(1));
            }
        }
        return null;
    }

    private Entry parse(String t) throws BadHlogException {
        String tag = null;
        String rest = t;
        if (rest.startsWith("Tag=")) {
            int end = 4;
            while (end < rest.length() && rest.charAt(end) != ',' && rest.charAt(end) != ' ') {
                end++;
            }
            tag = rest.substring(4, end);
            rest = rest.substring(end);
        }
        String[] f = rest.replaceFirst("^[ ,]+", "").split("[ ,]+");
        double start;
        double length;
        try {
            if (f.length < 4) {
                throw new NumberFormatException();
            }
            start = Double.parseDouble(f[0]);
            length = Double.parseDouble(f[1]);
            Double.parseDouble(f[2]);
        } catch (NumberFormatException e) {
            throw new BadHlogException(file, (entries == 0 ? "not an HdrHistogram log: line " + lines
                    + " is neither a comment nor an interval" : "line " + lines + " is not an interval")
                    + " ([Tag=T,]start,length,max,histogram): " + quote(t));
        }
        if (!Double.isFinite(start) || !Double.isFinite(length) || length < 0) {
            throw new BadHlogException(file, "line " + lines + ": the interval's start or length is not a time: " + quote(t));
        }
        long relativeMs = Math.round(start * 1000);
        if (startMs == null) {
            startMs = relativeMs;
        }
        if (baseMs == null) {
            baseMs = relativeMs < startMs - YEAR_MS ? startMs : 0L;
        }
        long absoluteMs = baseMs + relativeMs;
        entries++;
        return new Entry(tag, absoluteMs, absoluteMs + Math.round(length * 1000), f[3], lines);
    }

    private String readLine() throws BadHlogException {
        String line = ahead;
        if (line == null) {
            return null;
        }
        ahead = read();
        if (ahead == null && partialLast) {
            // HistogramLogWriter ends every line: one without its end was cut short by a killed run.
            cutShort = !line.isBlank();
            return null;
        }
        return line;
    }

    private String read() throws BadHlogException {
        try {
            String line = in.readLine();
            linesRead++;
            return line;
        } catch (CharacterCodingException e) {
            throw new BadHlogException(file, "not an HdrHistogram log: line " + (linesRead + 1) + " is not text", e);
        } catch (IOException e) {
            throw new BadHlogException(file, FileErrors.describeRead(e), e);
        }
    }

    private static boolean endsWithLineEnd(Path file) throws IOException {
        try (SeekableByteChannel ch = Files.newByteChannel(file)) {
            long size = ch.size();
            if (size == 0) {
                return true;
            }
            ByteBuffer last = ByteBuffer.allocate(1);
            ch.position(size - 1).read(last);
            return last.get(0) == '\n' || last.get(0) == '\r';
        }
    }

    /** The number after a {@code #[StartTime:}-style prefix, or null if the line is no such note. */
    private static Double timeAfter(String line, String prefix) {
        if (!line.startsWith(prefix)) {
            return null;
        }
        String rest = line.substring(prefix.length()).strip();
        int end = 0;
        while (end < rest.length() && rest.charAt(end) != ' ' && rest.charAt(end) != ',') {
            end++;
        }
        try {
            double v = Double.parseDouble(rest.substring(0, end));
            return Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String quote(String line) {
        StringBuilder b = new StringBuilder("'");
        int max = 40;
        for (int i = 0; i < line.length() && i < max; i++) {
            char ch = line.charAt(i);
            b.append(Character.isISOControl(ch) ? '?' : ch);
        }
        return b.append(line.length() > max ? "...'" : "'").toString();
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // read-only: nothing is lost
        }
    }
}
