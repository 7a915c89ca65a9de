package dev.harness.core.workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.harness.core.FileErrors;
import dev.harness.core.SettingsException;
import dev.harness.core.Sizes;

/**
 * {@code --size}: one size for every message, or a mix of sizes with their shares of the messages
 * ({@code 1KiB:60,10KiB:30,100KiB:10}, in percent), or the sizes in a file, one a line, each with
 * the share of the lines it is on ({@code file:PATH}).
 *
 * <p>A message's size follows from its number in the schedule alone (k), not from a random draw
 * at send time: {@link #classOf} spreads the classes by a golden-ratio sequence, so every stretch
 * of the schedule holds each size in its proportion, and two runs of one schedule (the sides of an
 * ab) send the same sizes in the same order. A sender's or queue's share (every W-th message) holds
 * the proportion in the long run, but with W a Fibonacci number (8, 13, 21, 34, 55, 89) in runs of
 * one size some W long. Allocation-free, as the send path needs.
 */
public final class SizeMix {
    /** One size and its share of the messages, in percent. */
    public record Share(int bytes, double percent) {
    }

    /** The most distinct sizes: each has a payload built before the run and a histogram of its own. */
    public static final int MAX_CLASSES = 32;
    /** The most the distinct sizes may add up to: a body of each is built before the run, in memory. */
    public static final long MAX_TOTAL_BYTES = 512L * 1024 * 1024;
    /** 2^64 / the golden ratio: the Weyl step that spreads the classes most evenly. */
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final Pattern ONE_SIZE = Pattern.compile("(\\d+)\\s*([a-zA-Z]*)");
    private static final Pattern SHARE = Pattern.compile("\\s*(\\d+)\\s*([a-zA-Z]*)\\s*(?::\\s*(\\d+(?:\\.\\d+)?)\\s*)?");

    private final List<Share> shares;
    /** Unsigned upper bounds of each class on the 64-bit circle, the last one 2^64 - 1. */
    private final long[] upTo;
    private final int[] bytes;
    private final String text;

    private SizeMix(List<Share> shares, String text) {
        SettingsException.require(!shares.isEmpty(), "--size", "expected at least one size");
        SettingsException.require(shares.size() <= MAX_CLASSES, "--size", "at most " + MAX_CLASSES
                + " distinct sizes, got " + shares.size() + ": round them into classes, such as 1KiB:60,10KiB:30,100KiB:10");
        double total = 0;
        for (Share s : shares) {
            SettingsException.require(s.bytes() >= MessageHeader.BYTES && s.bytes() <= WorkloadSettings.MAX_SIZE_BYTES,
                    "--size", "expected " + MessageHeader.BYTES + " bytes (the harness's header) to 100MiB, got " + s.bytes());
            SettingsException.require(s.percent() > 0, "--size", "a share must be above 0 %, got " + s.percent());
            total += s.percent();
        }
        SettingsException.require(Math.abs(total - 100) < 1e-6, "--size", "the shares add up to "
                + percent(total) + " %, not 100 %");
        long bytesTotal = shares.stream().mapToLong(Share::bytes).sum();
        SettingsException.require(bytesTotal <= MAX_TOTAL_BYTES, "--size", "the sizes add up to " + bytesTotal / (1024 * 1024)
                + "MiB; a body of each is built before the run, and they may add up to 512MiB at most");
        this.shares = List.copyOf(shares);
        this.text = text;
        this.upTo = new long[shares.size()];
        this.bytes = new int[shares.size()];
        double cumulative = 0;
        for (int i = 0; i < shares.size(); i++) {
            cumulative += shares.get(i).percent();
            bytes[i] = shares.get(i).bytes();
            // The circle's share [0, 2^64) scaled to unsigned longs; the last class takes what rounding leaves.
            upTo[i] = i == shares.size() - 1 ? -1L : unsignedOf(cumulative / 100);
        }
    }

    /** Every message this size. */
    public static SizeMix of(int bytes) {
        return new SizeMix(List.of(new Share(bytes, 100)), null);
    }

    /** These sizes, each with its share in percent. */
    public static SizeMix of(List<Share> shares) {
        return new SizeMix(shares, null);
    }

    /**
     * {@code 2KiB}, {@code 512:50,8KiB:50} or {@code file:PATH}; a size is bytes, or with k, KiB,
     * MiB (binary, as queue managers count). Bad text is one line naming --size.
     */
    public static SizeMix parse(String text) {
        String t = text.trim();
        if (t.startsWith("file:")) {
            return ofFile(Path.of(t.substring("file:".length())));
        }
        List<Share> shares = new ArrayList<>();
        String[] parts = t.split(",", -1);
        for (String part : parts) {
            Matcher m = SHARE.matcher(part);
            SettingsException.require(m.matches(), "--size", "expected a size (2048, 2KiB) or sizes with their"
                    + " shares in percent (512:50,8KiB:50) or file:PATH, got '" + text + "'");
            SettingsException.require(parts.length == 1 || m.group(3) != null, "--size", "in a mix every size"
                    + " takes its share in percent, as 512:50,8KiB:50; '" + part.trim() + "' has none");
            int size = bytes(m.group(1), m.group(2), part.trim(), "--size");
            SettingsException.require(shares.stream().noneMatch(s -> s.bytes() == size), "--size",
                    "each size once: " + size + " bytes is given twice");
            shares.add(new Share(size, m.group(3) == null ? 100 : Double.parseDouble(m.group(3))));
        }
        return new SizeMix(shares, parts.length == 1 ? null : t);
    }

    /** One size's bytes from its number and unit; too large or no unit is one line naming {@code where}. */
    private static int bytes(String number, String unit, String text, String where) {
        long multiplier = unit.isEmpty() ? 1 : Sizes.multiplier(unit);
        SettingsException.require(multiplier > 0 && number.length() <= 9, where, "expected a size such as 512, 2KiB"
                + " or 1MiB, of at most 100MiB, got '" + text + "'");
        long b = Long.parseLong(number) * multiplier;
        SettingsException.require(b <= WorkloadSettings.MAX_SIZE_BYTES, where, "expected at most 100MiB, got '" + text + "'");
        return (int) b;
    }

    /** The sizes in a file, one a line (as 2048 or 2KiB; # starts a comment), each as often as it is there. */
    static SizeMix ofFile(Path file) {
        String where = "--size file:" + file;
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SettingsException(where, "cannot read the file: " + FileErrors.describeRead(e));
        }
        Map<Integer, Integer> counts = new TreeMap<>();
        int n = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replace("\uFEFF", "").replaceAll("#.*", "").trim();
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = ONE_SIZE.matcher(line);
            SettingsException.require(m.matches(), where, "line " + (i + 1) + ": expected one size, such as 2048 or"
                    + " 2KiB, got '" + line + "'");
            int size = bytes(m.group(1), m.group(2), line, where + " line " + (i + 1));
            SettingsException.require(size >= MessageHeader.BYTES, where, "line " + (i + 1) + ": expected at least "
                    + MessageHeader.BYTES + " bytes (the harness's header), got '" + line + "'");
            counts.merge(size, 1, Integer::sum);
            n++;
        }
        SettingsException.require(n > 0, where, "holds no size: one a line, such as 2048 or 2KiB");
        SettingsException.require(counts.size() <= MAX_CLASSES, where, "holds " + counts.size() + " distinct sizes;"
                + " at most " + MAX_CLASSES + ": round them into classes");
        List<Share> shares = new ArrayList<>();
        int total = n;
        counts.forEach((size, count) -> shares.add(new Share(size, 100.0 * count / total)));
        return new SizeMix(shares, "file:" + file);
    }

    /** 60, or 33.33: a share as a person writes it. */
    private static String percent(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : String.format(Locale.ROOT, "%.2f", p);
    }

    private static long unsignedOf(double fraction) {
        // fraction of 2^64 as an unsigned long, without overflow at 1.0
        double scaled = fraction * 0x1p64;
        return scaled >= 0x1p64 ? -1L : scaled >= 0x1p63 ? (long) (scaled - 0x1p63) ^ Long.MIN_VALUE : (long) scaled;
    }

    /** The class of message k of the schedule: an index into {@link #shares}. */
    public int classOf(long sequence) {
        if (bytes.length == 1) {
            return 0;
        }
        long u = sequence * GOLDEN;
        for (int i = 0; i < upTo.length - 1; i++) {
            if (Long.compareUnsigned(u, upTo[i]) < 0) {
                return i;
            }
        }
        return upTo.length - 1;
    }

    /** The size of message k of the schedule, header included. */
    public int bytesOf(long sequence) {
        return bytes[classOf(sequence)];
    }

    public List<Share> shares() {
        return shares;
    }

    public boolean single() {
        return bytes.length == 1;
    }

    /** The mean size of the messages, header included. */
    public double meanBytes() {
        double mean = 0;
        for (Share s : shares) {
            mean += s.bytes() * s.percent() / 100;
        }
        return mean;
    }

    public int maxBytes() {
        int max = 0;
        for (int b : bytes) {
            max = Math.max(max, b);
        }
        return max;
    }

    /** As the run header says it: {@code 2048 bytes}, or each size with its share and the mean. */
    public String describe() {
        if (single()) {
            return bytes[0] + " bytes";
        }
        List<String> each = new ArrayList<>();
        for (Share s : shares) {
            each.add(s.bytes() + " bytes " + percent(s.percent()) + " %");
        }
        return String.join(", ", each) + String.format(Locale.ROOT, " (mean %,.0f bytes%s)", meanBytes(),
                text != null && text.startsWith("file:") ? ", from " + text.substring("file:".length()) : "");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SizeMix m && m.shares.equals(shares);
    }

    @Override
    public int hashCode() {
        return shares.hashCode();
    }

    @Override
    public String toString() {
        return describe();
    }
}
