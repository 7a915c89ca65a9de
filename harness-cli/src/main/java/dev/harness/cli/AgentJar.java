package dev.harness.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Set;

/**
 * The agent's jar (harness-agent.jar, carried inside harness.jar) as a file another JVM can load,
 * for harness probe and harness gc-inject alike: written once per build into a directory of this
 * user's under java.io.tmpdir (mode 0700: no other local user can put code there for the target
 * JVM to load), at a path named by its content's hash, and reused, so no attach leaves a new file
 * behind (another build's, unused for a day, is deleted). If that directory cannot be trusted
 * (another user's, writable by others, a link), or the file cannot be replaced, the jar goes into
 * a fresh private directory of its own, {@code temporary}, which {@link #discard} deletes after
 * the attach (the target JVM keeps the file it opened).
 */
record AgentJar(Path path, boolean temporary) {
    /** Another build's jar no attach used for this long is deleted: the build that uses it is gone. */
    static final Duration UNUSED = Duration.ofDays(1);

    /** The jar for an attach, under java.io.tmpdir. */
    static AgentJar write() throws IOException {
        return write(Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** The jar for an attach, under {@code tmp}. */
    static AgentJar write(Path tmp) throws IOException {
        byte[] bytes;
        try (InputStream in = AgentJar.class.getResourceAsStream("harness-agent.jar")) {
            if (in == null) {
                throw new IOException("harness-agent.jar is missing from this build of harness.jar");
            }
            bytes = in.readAllBytes();
        }
        String hash = sha256(bytes);
        Path dir = userDir(tmp);
        if (dir != null) {
            Path jar = dir.resolve("harness-agent-" + hash.substring(0, 16) + ".jar");
            try {
                if (Files.isRegularFile(jar, LinkOption.NOFOLLOW_LINKS) && sha256(Files.readAllBytes(jar)).equals(hash)) {
                    Files.setLastModifiedTime(jar, FileTime.from(Instant.now())); // in use: not another build's to prune
                } else {
                    Path part = Files.createTempFile(dir, "harness-agent-", ".part");
                    try {
                        Files.write(part, bytes);
                        Files.move(part, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    } finally {
                        Files.deleteIfExists(part);
                    }
                }
                pruneOthers(dir, jar);
                return new AgentJar(jar, false);
            } catch (IOException e) {
                // A file of that name we may not replace: this attach's own copy, below.
            }
        }
        Path own = Files.createTempDirectory(tmp, "harness-agent-"); // 0700 where the file system says
        Path jar = own.resolve("harness-agent.jar");
        Files.write(jar, bytes);
        return new AgentJar(jar, true);
    }

    /**
     * Deletes the jars of other builds that no attach used for {@link #UNUSED}: one file per build,
     * not one per build ever made. A JVM that loaded one keeps the file it opened. Never throws.
     */
    private static void pruneOthers(Path dir, Path keep) {
        Instant before = Instant.now().minus(UNUSED);
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, "harness-agent-*.jar")) {
            for (Path other : jars) {
                try {
                    if (!other.equals(keep) && Files.isRegularFile(other, LinkOption.NOFOLLOW_LINKS)
                            && Files.getLastModifiedTime(other, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(before)) {
                        Files.deleteIfExists(other);
                    }
                } catch (IOException | RuntimeException e) {
                    // Left for the next attach.
                }
            }
        } catch (IOException | RuntimeException e) {
            // Left for the next attach.
        }
    }

    /** Deletes this attach's own copy, never the shared one; never throws. */
    void discard() {
        if (!temporary) {
            return;
        }
        try {
            Files.deleteIfExists(path);
            Files.deleteIfExists(path.getParent());
        } catch (IOException | RuntimeException e) {
            // Left in a directory only this user can read: the system's cleaner's.
        }
    }

    /**
     * This user's directory under {@code tmp}, made 0700 if missing; null when it cannot be
     * trusted ({@link #untrusted} says why) or made.
     */
    static Path userDir(Path tmp) {
        String user = System.getProperty("user.name", "").replaceAll("[^A-Za-z0-9._-]", "_");
        Path dir = tmp.resolve("harness-" + (user.isEmpty() ? "user" : user));
        try {
            boolean posix = Files.getFileStore(tmp).supportsFileAttributeView(PosixFileAttributeView.class);
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    if (posix) {
                        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                    } else {
                        Files.createDirectory(dir); // no POSIX modes: the system's temporary directory is per user
                    }
                } catch (FileAlreadyExistsException e) {
                    // Made meanwhile, by us or by someone else: checked below.
                }
            }
            if (!posix) {
                return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) ? dir : null;
            }
            return untrusted(dir, currentUser(tmp)) == null ? dir : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Who this process runs as: the owner of a file it makes. */
    private static UserPrincipal currentUser(Path tmp) throws IOException {
        Path probe = Files.createTempFile(tmp, "harness-owner-", ".tmp");
        try {
            return Files.getOwner(probe, LinkOption.NOFOLLOW_LINKS);
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    /**
     * Why {@code dir} may not hold the agent's jar for {@code me} (a link, no directory, another
     * user's, writable by group or others), or null when it may.
     */
    static String untrusted(Path dir, UserPrincipal me) throws IOException {
        if (Files.isSymbolicLink(dir)) {
            return dir + " is a symbolic link";
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return dir + " is not a directory";
        }
        UserPrincipal owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
        if (!owner.equals(me)) {
            return dir + " belongs to " + owner.getName() + ", not " + me.getName();
        }
        Set<PosixFilePermission> modes = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        if (modes.contains(PosixFilePermission.GROUP_WRITE) || modes.contains(PosixFilePermission.OTHERS_WRITE)) {
            return dir + " is writable by others (" + PosixFilePermissions.toString(modes) + ")";
        }
        return null;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }
}
