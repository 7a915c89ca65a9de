package dev.harness.core.workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import dev.harness.core.FileErrors;
import dev.harness.core.SettingsException;
import dev.harness.core.Units;

/**
 * {@code --payload}: what fills a message's body after the harness's header. It matters where the
 * broker or the channel compresses (IBM MQ's COMPMSG, a compressing network) or deduplicates:
 * {@link #ZEROS} compresses to almost nothing, {@link #TEXT} as prose does, {@link #RANDOM} not
 * at all, and {@code file:PATH} as the application's own messages do. Bodies are made once before
 * the run, from a fixed seed, so every run sends the same.
 */
public final class PayloadContent {
    /** Zero bytes: what compresses best, and what many benchmarks send without saying so. */
    public static final PayloadContent ZEROS = new PayloadContent(Kind.ZEROS, "zeros",
            "zero bytes, which compress to almost nothing", null);
    /** Random bytes: nothing to compress. */
    public static final PayloadContent RANDOM = new PayloadContent(Kind.RANDOM, "random", "random bytes, which do not compress",
            null);
    /** Words separated by spaces, as in prose and in text formats such as JSON or XML: compressible. */
    public static final PayloadContent TEXT = new PayloadContent(Kind.TEXT, "text", "words, which compress as prose does",
            null);
    public static final PayloadContent DEFAULT = TEXT;
    /** The most sample bytes read: they are held in memory, and each body is made of them. */
    static final long MAX_SAMPLE_BYTES = 64L * 1024 * 1024;
    /** The most samples: each size cycles through them, a body each. */
    static final int MAX_SAMPLES = 4096;
    /** The words text bodies are made of: common English, so a body compresses about as prose does. */
    private static final String[] WORDS = ("the of and to in is that for it as was with be by on not he this are or his"
            + " from at which but have an they you were her she there been one all would their we him has when who will"
            + " more no if out so said what up its about into than them can only other new some could time these two may"
            + " then do first any my now such like our over man me even most made after also did many before must"
            + " through back years where much your way well down should because each just those people how too little"
            + " state good very make world still own see men work long get here between both life being under never day"
            + " same another know while last might us great old year off come since against go came right used take"
            + " three order account amount customer payment reference status message queue request reply price quantity")
            .split(" ");

    private enum Kind { ZEROS, RANDOM, TEXT, FILE }

    private final Kind kind;
    private final String option;
    private final String what;
    /** file:PATH: the application's sample messages, in order; null otherwise. */
    private final byte[][] samples;

    private PayloadContent(Kind kind, String option, String what, byte[][] samples) {
        this.kind = kind;
        this.option = option;
        this.what = what;
        this.samples = samples;
    }

    /** The three made here: zeros, random and text. */
    public static List<PayloadContent> values() {
        return List.of(ZEROS, RANDOM, TEXT);
    }

    /** zeros, random, text or file:PATH; anything else is one line naming --payload. */
    public static PayloadContent parse(String text) {
        String t = text.trim();
        if (t.startsWith("file:")) {
            String path = t.substring("file:".length());
            SettingsException.require(!path.isBlank(), "--payload", "file: needs a path, a directory of message files"
                    + " or a file of messages one a line: file:PATH");
            return ofSamples(Path.of(path));
        }
        for (PayloadContent c : values()) {
            if (c.option.equals(t.toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw new SettingsException("--payload", "expected zeros, random, text or file:PATH, got '" + text + "'");
    }

    /**
     * The application's sample messages: each file of a directory (by name; hidden ones left out),
     * or each line of a file (JSON Lines, CSV rows; empty lines left out).
     */
    static PayloadContent ofSamples(Path path) {
        String where = "--payload";
        String what = "file:" + path + " ";
        List<byte[]> found = new ArrayList<>();
        long bytes = 0;
        try {
            if (Files.isDirectory(path)) {
                List<Path> files;
                try (Stream<Path> list = Files.list(path)) {
                    files = list.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("."))
                            .sorted().toList();
                }
                for (Path f : files) {
                    SettingsException.require(found.size() < MAX_SAMPLES, where, what + "holds more than " + MAX_SAMPLES
                            + " samples: give a directory of at most that many");
                    bytes += Files.size(f);
                    SettingsException.require(bytes <= MAX_SAMPLE_BYTES, where, what + "holds more than 64MiB of samples");
                    byte[] b = Files.readAllBytes(f);
                    if (b.length > 0) {
                        found.add(b);
                    }
                }
            } else {
                SettingsException.require(Files.size(path) <= MAX_SAMPLE_BYTES, where, what + "is larger than 64MiB");
                byte[] all = Files.readAllBytes(path); // bytes as they are: any encoding, CR LF kept
                for (int from = 0; from < all.length;) {
                    int end = from;
                    while (end < all.length && all[end] != '\n') {
                        end++;
                    }
                    int to = Math.min(all.length, end + 1); // with its line end: a body of several is one a line
                    if (!blank(all, from, end)) {
                        SettingsException.require(found.size() < MAX_SAMPLES, where, what + "holds more than "
                                + MAX_SAMPLES + " samples (lines)");
                        found.add(java.util.Arrays.copyOfRange(all, from, to));
                    }
                    from = to;
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new SettingsException(where, what + "cannot be read: " + FileErrors.describeRead(
                    e instanceof IOException io ? io : ((java.io.UncheckedIOException) e).getCause()));
        }
        SettingsException.require(!found.isEmpty(), where, what + "holds no sample: give a directory of message files,"
                + " or a file of messages one a line");
        long total = found.stream().mapToLong(b -> b.length).sum();
        return new PayloadContent(Kind.FILE, "file:" + path, "the application's messages: " + Units.count(found.size())
                + " sample" + (found.size() == 1 ? "" : "s") + ", " + Units.count(Math.round(total / (double) found.size())) + " bytes on"
                + " average, in turn, each body cut at its size", found.toArray(byte[][]::new));
    }

    /** As --payload takes it. */
    public String option() {
        return option;
    }

    /** As the run header says it. */
    public String describe() {
        return option + " (" + what + ")";
    }

    private static boolean blank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != ' ' && b[i] != '\t' && b[i] != '\r') {
                return false;
            }
        }
        return true;
    }

    /**
     * How many different bodies of {@code length} bytes to make before the run, at most
     * {@code most}: each sample's for file:PATH (as many as {@code totalBytes} allows), otherwise {@code most}.
     */
    int variants(int length, int most, long totalBytes) {
        int fit = (int) Math.max(1, Math.min(Integer.MAX_VALUE, totalBytes / Math.max(1, length)));
        return kind == Kind.FILE ? Math.max(1, Math.min(samples.length, fit)) : Math.max(1, Math.min(most, fit));
    }

    /**
     * A body of {@code length} bytes of this content; {@code seed} tells the bodies of one run apart.
     * From samples: sample {@code seed mod n} and those after it in turn, cut at the length.
     */
    byte[] body(int length, long seed) {
        byte[] b = new byte[length];
        switch (kind) {
            case ZEROS -> {
            }
            case FILE -> {
                int s = (int) Long.remainderUnsigned(seed, samples.length);
                for (int i = 0; i < length; s = (s + 1) % samples.length) {
                    int n = Math.min(samples[s].length, length - i);
                    System.arraycopy(samples[s], 0, b, i, n);
                    i += n;
                }
            }
            case RANDOM -> new SplittableRandom(seed).nextBytes(b);
            case TEXT -> {
                SplittableRandom r = new SplittableRandom(seed);
                int i = 0;
                while (i < length) {
                    byte[] w = WORDS[r.nextInt(WORDS.length)].getBytes(StandardCharsets.US_ASCII);
                    for (int j = 0; j < w.length && i < length; j++) {
                        b[i++] = w[j];
                    }
                    if (i < length) {
                        b[i++] = ' ';
                    }
                }
            }
        }
        return b;
    }
}
