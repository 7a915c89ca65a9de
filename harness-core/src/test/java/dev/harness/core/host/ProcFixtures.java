package dev.harness.core.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Text for the /proc parser tests: fixture files read as the sampler reads them, and the notes a parser made. */
final class ProcFixtures {
    private ProcFixtures() {
    }

    /** A fixture file under /host, e.g. {@code normal/before/stat}, split into lines as the sampler does. */
    static List<String> fixture(String rel) {
        try {
            return Files.readAllLines(Path.of(ProcFixtures.class.getResource("/host/" + rel).toURI()),
                    StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Text as a file would hold it, split into lines as the sampler does. */
    static List<String> text(String text) {
        return text.lines().toList();
    }

    /** The notes a parser made, in order, as {@code malformed: <line>} and {@code missing: <field>; <consequence>}. */
    static final class Noted implements ProcLines.Notes {
        final List<String> said = new ArrayList<>();

        @Override
        public void malformed(String line) {
            said.add("malformed: " + line);
        }

        @Override
        public void missing(String field, String consequence) {
            said.add("missing: " + field + "; " + consequence);
        }
    }
}
