package dev.harness.core.workload;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * {@code --payload}: what fills a message's body after the harness's header. It matters where the
 * broker or the channel compresses (IBM MQ's COMPMSG, a compressing network) or deduplicates:
 * {@link #ZEROS} compresses to almost nothing, {@link #TEXT} as prose does, {@link #RANDOM} not
 * at all. Bodies are made once before the run, from a fixed seed, so every run sends the same.
 */
public enum PayloadContent {
    /** Zero bytes: what compresses best, and what many benchmarks send without saying so. */
    ZEROS("zeros", "zero bytes, which compress to almost nothing"),
    /** Random bytes: nothing to compress. */
    RANDOM("random", "random bytes, which do not compress"),
    /** Words separated by spaces, as in prose and in text formats such as JSON or XML: compressible. */
    TEXT("text", "words, which compress as prose does");

    public static final PayloadContent DEFAULT = TEXT;
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

    private final String option;
    private final String what;

    PayloadContent(String option, String what) {
        this.option = option;
        this.what = what;
    }

    /** zeros, random or text; anything else is one line naming --payload. */
    public static PayloadContent parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (PayloadContent c : values()) {
            if (c.option.equals(t)) {
                return c;
            }
        }
        throw new dev.harness.core.SettingsException("--payload", "expected zeros, random or text, got '" + text + "'");
    }

    /** As --payload takes it. */
    public String option() {
        return option;
    }

    /** As the run header says it. */
    public String describe() {
        return option + " (" + what + ")";
    }

    /** A body of {@code length} bytes of this content; {@code seed} tells the bodies of one run apart. */
    byte[] body(int length, long seed) {
        byte[] b = new byte[length];
        switch (this) {
            case ZEROS -> {
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
