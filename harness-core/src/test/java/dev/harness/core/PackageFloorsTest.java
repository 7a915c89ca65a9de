package dev.harness.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * harness-core's packages stack: a class imports only from its own package and the floors below
 * it, so that no two packages import each other. An import up a floor fails here unless it is
 * listed with why (none is), and a listed one that is gone fails too (the list only shrinks). The
 * floors are the order docs/development/layout.md gives.
 */
class PackageFloorsTest {
    private static final Path SOURCES = Path.of("src/main/java/dev/harness/core");

    /** Bottom first; "" is dev.harness.core itself, the leaves every floor uses. A subpackage is on its package's floor. */
    static final List<String> FLOORS = List.of("", "host", "schedule", "broker", "measure", "jms", "hlog", "disturbance", "run",
            "workload", "findings", "slo", "study", "k8s", "logdisk", "metrics", "report", "verify");

    /** The imports up a floor that stand, each with why (none now: keep it so). */
    static final Map<String, String> UP = Map.of();

    private static final Pattern PACKAGE = Pattern.compile("^package dev\\.harness\\.core((?:\\.[a-z0-9]+)*);", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile(
            "^import (?:static )?dev\\.harness\\.core((?:\\.[a-z0-9]+)*)\\.([A-Z]\\w*)", Pattern.MULTILINE);

    /** Every import of one harness-core package from another: "run.Runner -> measure.View". */
    private static Set<String> crossings(boolean upOnly) {
        Set<String> found = new TreeSet<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                Matcher p = PACKAGE.matcher(text);
                assertTrue(p.find(), f + ": no package line");
                String from = floorOf(p.group(1));
                String cls = f.getFileName().toString().replace(".java", "");
                Matcher m = IMPORT.matcher(text);
                while (m.find()) {
                    String to = floorOf(m.group(1));
                    if (!to.equals(from) && (!upOnly || FLOORS.indexOf(to) > FLOORS.indexOf(from))) {
                        found.add(name(from) + "." + cls + " -> " + name(to) + "." + m.group(2));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    /** ".jms.artemis" is on jms's floor; "" is the root's. */
    private static String floorOf(String subpackage) {
        String top = subpackage.isEmpty() ? "" : subpackage.substring(1).split("\\.")[0];
        assertTrue(FLOORS.contains(top), "package dev.harness.core." + top + " has no floor: give it one in FLOORS and"
                + " in docs/development/layout.md");
        return top;
    }

    private static String name(String floor) {
        return floor.isEmpty() ? "core" : floor;
    }

    @Test
    void everyImportGoesDownAFloorOrIsListedWithWhy() {
        Set<String> up = crossings(true);
        Set<String> unlisted = new TreeSet<>(up);
        unlisted.removeAll(UP.keySet());
        assertEquals(Set.of(), unlisted, "imports up a floor; put the class on a floor below its users, or the"
                + " import's target lower, rather than listing it");
        Set<String> gone = new TreeSet<>(UP.keySet());
        gone.removeAll(up);
        assertEquals(Set.of(), gone, "listed imports that no longer exist: take them off the list");
    }

    @Test
    void theSourcesAreWhereThisTestReadsThem() {
        assertTrue(crossings(false).size() > 100, "the scan found harness-core's imports");
    }
}
