package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.agent.probe.ProbeTotals;

/**
 * What harness probe makes of the agent's lines: a malformed one is skipped (counted by the caller),
 * never thrown; and where it leaves the agent's jar: only in a directory no other user can write.
 */
class ProbeCommandTest {
    private final ProbeCommand command = new ProbeCommand();
    private final ProbeTotals totals = new ProbeTotals("1s");
    private final Map<String, Histogram> interval = new TreeMap<>();

    private boolean handle(String line) {
        return command.handle(line, totals, null, 0, interval);
    }

    @Test
    void malformedLinesAreSkippedNotThrown() {
        assertFalse(handle("kind x send IllegalStateException"), "a count that is no number");
        assertFalse(handle("kind 3"), "a line cut short");
        assertFalse(handle("h ok send 12 3x4 AAAA"), "a time that is no number");
        assertFalse(handle("h ok send 1 2 bm90IGEgaGlzdG9ncmFt"), "a histogram that does not decode");
        assertFalse(handle("delivery send 1 2"), "a line cut short");
        assertFalse(handle("cost 1 2 3 y"));
        assertTrue(totals.errorKinds().isEmpty());
        assertFalse(totals.any());
    }

    @Test
    void wellFormedLinesAreCounted() {
        assertTrue(handle("kind 3 send IllegalStateException"));
        assertTrue(handle("delivery send 20 10 0"));
        assertTrue(handle("cost 5000000 1000000000 3000000 1000000"));
        assertTrue(handle("later-agent something new"), "an unknown kind of line is ignored, not malformed");
        assertEquals(Map.of("send IllegalStateException", 3L), totals.errorKinds());
        assertArrayEquals(new long[] {20, 10, 0}, totals.delivery("send"));
        assertTrue(totals.summary().contains("0.50 % of a core"), totals.summary());
    }

    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void theAgentsJarGoesIntoAPrivateDirectoryOfThisUsers(@TempDir Path tmp) throws IOException {
        Path dir = ProbeCommand.userDir(tmp);
        assertNotNull(dir);
        assertEquals(tmp, dir.getParent());
        assertEquals("rwx------", mode(dir));
        assertEquals(dir, ProbeCommand.userDir(tmp), "found again, trusted");

        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertNull(ProbeCommand.userDir(tmp), "another user could replace the jar in it");
        UserPrincipal me = Files.getOwner(dir);
        assertTrue(ProbeCommand.untrusted(dir, me).contains("writable by others"), ProbeCommand.untrusted(dir, me));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-x---"));
        assertNull(ProbeCommand.untrusted(dir, me), "readable by the group is no risk");
    }

    @Test
    void aDirectoryOfAnotherUserOrALinkIsNotUsed(@TempDir Path tmp) throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("d"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        UserPrincipal me = Files.getOwner(dir);
        String other = me.getName().equals("nobody") ? "root" : "nobody";
        UserPrincipal someoneElse = FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName(other);
        String why = ProbeCommand.untrusted(dir, someoneElse);
        assertNotNull(why, "another user's directory trusted");
        assertTrue(why.contains("belongs to " + me.getName()), why);

        Path link = Files.createSymbolicLink(tmp.resolve("link"), dir);
        assertTrue(ProbeCommand.untrusted(link, me).contains("symbolic link"));
        Path file = Files.createFile(tmp.resolve("f"));
        assertTrue(ProbeCommand.untrusted(file, me).contains("not a directory"));
        // This user's own place taken by a link to a directory it owns: not followed.
        String user = System.getProperty("user.name").replaceAll("[^A-Za-z0-9._-]", "_");
        Files.createSymbolicLink(tmp.resolve("harness-" + user), dir);
        assertNull(ProbeCommand.userDir(tmp));
    }
}
