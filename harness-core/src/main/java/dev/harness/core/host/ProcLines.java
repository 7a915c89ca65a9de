package dev.harness.core.host;

import java.util.regex.Pattern;

/** What the /proc parsers share: how a line splits into fields, and how a parser says what it could not use. */
final class ProcLines {
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private ProcLines() {
    }

    /**
     * How a parser reports what it skipped. The parsers never throw on what they read and never know the file's
     * path; {@link HostSampler} words each report, names the file and says it once.
     */
    interface Notes {
        /** A line that does not have its expected form; the parser skipped it. */
        void malformed(String line);

        /** A field the text does not have, and what goes unsampled without it. */
        void missing(String field, String consequence);
    }

    static String[] fields(String line) {
        return WHITESPACE.split(line.strip());
    }
}
