package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where harness probe and harness gc-inject leave the agent's jar: one file per build, reused, in
 * a directory no other user can write; else a copy of the attach's own, gone after it.
 */
class AgentJarTest {
    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void theAgentsJarGoesIntoAPrivateDirectoryOfThisUsers(@TempDir Path tmp) throws IOException {
        Path dir = AgentJar.userDir(tmp);
        assertNotNull(dir);
        assertEquals(tmp, dir.getParent());
        assertEquals("rwx------", mode(dir));
        assertEquals(dir, AgentJar.userDir(tmp), "found again, trusted");

        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertNull(AgentJar.userDir(tmp), "another user could replace the jar in it");
        UserPrincipal me = Files.getOwner(dir);
        assertTrue(AgentJar.untrusted(dir, me).contains("writable by others"), AgentJar.untrusted(dir, me));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-x---"));
        assertNull(AgentJar.untrusted(dir, me), "readable by the group is no risk");
    }

    @Test
    void aDirectoryOfAnotherUserOrALinkIsNotUsed(@TempDir Path tmp) throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("d"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        UserPrincipal me = Files.getOwner(dir);
        String other = me.getName().equals("nobody") ? "root" : "nobody";
        UserPrincipal someoneElse = FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName(other);
        String why = AgentJar.untrusted(dir, someoneElse);
        assertNotNull(why, "another user's directory trusted");
        assertTrue(why.contains("belongs to " + me.getName()), why);

        Path link = Files.createSymbolicLink(tmp.resolve("link"), dir);
        assertTrue(AgentJar.untrusted(link, me).contains("symbolic link"));
        Path file = Files.createFile(tmp.resolve("f"));
        assertTrue(AgentJar.untrusted(file, me).contains("not a directory"));
        // This user's own place taken by a link to a directory it owns: not followed.
        String user = System.getProperty("user.name").replaceAll("[^A-Za-z0-9._-]", "_");
        Files.createSymbolicLink(tmp.resolve("harness-" + user), dir);
        assertNull(AgentJar.userDir(tmp));
    }

    /** Every file and directory under {@code tmp}, relative, sorted. */
    private static List<String> files(Path tmp) throws IOException {
        try (Stream<Path> all = Files.walk(tmp)) {
            return all.filter(p -> !p.equals(tmp)).map(p -> tmp.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void attachesReuseOneJarAndLeaveNothingElse(@TempDir Path tmp) throws IOException {
        AgentJar first = AgentJar.write(tmp);
        assertFalse(first.temporary());
        first.discard();
        List<String> after = files(tmp);
        assertEquals(List.of(tmp.relativize(first.path().getParent()).toString(), tmp.relativize(first.path()).toString()),
                after, "this user's directory and the jar in it");
        assertTrue(first.path().getFileName().toString().matches("harness-agent-[0-9a-f]{16}\\.jar"), first.path()::toString);

        AgentJar second = AgentJar.write(tmp);
        second.discard();
        assertEquals(first.path(), second.path(), "the same file, reused");
        assertEquals(after, files(tmp), "a second attach left a new file");
    }

    @Test
    void anotherBuildsJarUnusedForADayIsDeletedOneInUseIsNot(@TempDir Path tmp) throws IOException {
        Path dir = AgentJar.userDir(tmp);
        Path stale = Files.writeString(dir.resolve("harness-agent-0000000000000000.jar"), "an old build's");
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(AgentJar.UNUSED).minusSeconds(60)));
        Path recent = Files.writeString(dir.resolve("harness-agent-1111111111111111.jar"), "another build, in use");
        Files.setLastModifiedTime(recent, FileTime.from(Instant.now().minus(AgentJar.UNUSED).plusSeconds(600)));
        Path mine = AgentJar.write(tmp).path();
        Files.setLastModifiedTime(mine, FileTime.from(Instant.now().minus(AgentJar.UNUSED).minusSeconds(60)));

        assertEquals(mine, AgentJar.write(tmp).path());
        assertFalse(Files.exists(stale), "an old build's jar left behind");
        assertTrue(Files.exists(recent), "a jar another build used within the day was deleted");
        assertTrue(Files.getLastModifiedTime(mine).toInstant().isAfter(Instant.now().minusSeconds(600)),
                "reusing the jar marks it in use");
    }

    @Test
    void whereThePrivateDirectoryCannotBeTrustedTheCopyIsGoneAfterTheAttach(@TempDir Path tmp) throws IOException {
        Path dir = AgentJar.userDir(tmp);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        List<String> before = files(tmp);
        AgentJar jar = AgentJar.write(tmp);
        assertTrue(jar.temporary(), "not in a directory others can write");
        assertTrue(Files.isRegularFile(jar.path()));
        assertEquals("rwx------", mode(jar.path().getParent()));
        jar.discard();
        assertEquals(before, files(tmp), "the attach's own copy left behind");
    }
}
