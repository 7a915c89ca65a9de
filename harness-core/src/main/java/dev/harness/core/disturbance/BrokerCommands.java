package dev.harness.core.disturbance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.harness.core.SettingsException;

/**
 * {@code --kill-cmd} and {@code --start-cmd}: shell commands (each run as a script, {@code sh FILE}) that kill and start
 * the broker the harness drives, whatever it is, with the rule that says it is back and
 * {@code --drop-caches}. Checks itself.
 *
 * @param killCmd kills the broker as kill -9 does; must exit 0
 * @param startCmd starts it again and returns (the broker runs on in the background, as strmqm does); must exit 0
 * @param readiness how the harness knows it is back
 * @param dropCaches sync and drop the page cache before each restart, as seed 002 did to emulate a machine failure
 * @param readyWithinNs the bound on a restart: the start command running to readiness
 * @param killWithinNs the bound on the kill command ({@link #KILL_WITHIN_NS})
 */
public record BrokerCommands(String killCmd, String startCmd, Readiness readiness, boolean dropCaches, long readyWithinNs,
        long killWithinNs) {
    /** The kernel's knob: writing 3 frees the page cache, dentries and inodes. */
    public static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");
    /** A kill command still running after this has failed: kill -9 takes milliseconds. */
    public static final long KILL_WITHIN_NS = TimeUnit.SECONDS.toNanos(30);

    /**
     * The commands these options ask for, or null when there is no --kill-cmd.
     *
     * @param readyWhen --ready-when: connection or log; null when not given (then --ready-log decides)
     * @param readyWithinNs the bound on a restart, from the command's own settings (run: what --reconnect-timeout leaves)
     * @param ownBroker whether the provider is a broker inside this process (embedded), which no command can kill
     * @param whyNoDropCaches why this process may not drop the page cache, null when it may ({@link #whyNoDropCaches()})
     * @param harnessCommandLines this process's command line and its ancestors' ({@link KillPattern#harnessCommandLines()}),
     *     which a pattern in the kill command must not match
     */
    public static BrokerCommands of(String killCmd, String startCmd, Readiness.Rule readyWhen, Path readyLog,
            String readyLine, String startLine, boolean dropCaches, long readyWithinNs, boolean ownBroker,
            String whyNoDropCaches, List<String> harnessCommandLines) {
        if (killCmd == null) {
            // --drop-caches alone is the harness's own broker's: dropCachesAlone
            String alone = startCmd != null ? "--start-cmd" : readyWhen != null ? "--ready-when" : readyLog != null ? "--ready-log" : readyLine != null
                    ? "--ready-line" : startLine != null ? "--start-line" : null;
            SettingsException.require(alone == null, alone, "applies with --kill-cmd and --start-cmd, to a broker the"
                    + " harness kills and starts with commands");
            return null;
        }
        SettingsException.require(!killCmd.isBlank(), "--kill-cmd", "expected a shell command, got an empty one");
        SettingsException.require(startCmd != null && !startCmd.isBlank(), "--start-cmd",
                "expected with --kill-cmd: the shell command that starts the broker again");
        SettingsException.require(!ownBroker, "--kill-cmd", "kills a broker outside this process; the embedded broker"
                + " runs inside it: give the broker's --url or --provider");
        String self = KillPattern.matchedCommandLine(killCmd, harnessCommandLines);
        SettingsException.require(self == null, "--kill-cmd", "its pgrep/pkill -f pattern also matches the harness's own"
                + " command line or its shell's (" + abbreviate(self) + "), so the kill would kill the harness too: write the"
                + " pattern so that its own text does not match, e.g. \"[a]mqzxma0 -m QM1\" for \"amqzxma0 -m QM1\", or put"
                + " the options in an @file");
        Readiness readiness = Readiness.of(readyWhen, readyLog, readyLine, startLine);
        SettingsException.require(readyWithinNs > 0, "--ready-timeout", "expected a time above 0s");
        SettingsException.require(!dropCaches || whyNoDropCaches == null, "--drop-caches", whyNoDropCaches);
        return new BrokerCommands(killCmd, startCmd, readiness, dropCaches, readyWithinNs, KILL_WITHIN_NS);
    }

    /**
     * Whether --drop-caches without --kill-cmd applies: only to a harness broker child the harness
     * restarts itself ({@code --kill-broker-at} on its own broker, restart-study's own brokers).
     */
    public static boolean dropCachesAlone(String killCmd, boolean dropCaches, boolean restartsOwnBroker,
            String whyNoDropCaches) {
        if (killCmd != null || !dropCaches) {
            return false;
        }
        SettingsException.require(restartsOwnBroker, "--drop-caches", "applies to a broker the harness restarts: its own"
                + " with --kill-broker-at, or any with --kill-cmd and --start-cmd");
        SettingsException.require(whyNoDropCaches == null, "--drop-caches", whyNoDropCaches);
        return true;
    }

    private static String abbreviate(String line) {
        return line == null || line.length() <= 80 ? line : line.substring(0, 77) + "...";
    }

    /** What a restart's time spans, for the summary and the study's table. */
    public String restartSpan() {
        return "--start-cmd to " + (readiness instanceof Readiness.LogLine l ? "'" + l.readyLine() + "' in "
                + l.log().getFileName() : "the first connection that succeeded");
    }

    /** "AMQ5051I to AMQ8024I": what the time from --start-line spans, or null without one. */
    public String startLineSpan() {
        return readiness instanceof Readiness.LogLine l && l.startLine() != null ? l.startLine() + " to " + l.readyLine() : null;
    }

    /**
     * Why this process may not drop the page cache, precisely (not root; root but the knob is
     * read-only, as in a container; no such knob), or null when it may.
     */
    public static String whyNoDropCaches() {
        return whyNoDropCaches(DROP_CACHES, Files.exists(DROP_CACHES), Files.isWritable(DROP_CACHES), uid());
    }

    /** @param uid this process's user id, -1 when unknown */
    static String whyNoDropCaches(Path knob, boolean exists, boolean writable, long uid) {
        if (!exists) {
            return "expected the kernel's " + knob + " (Linux), which is not there";
        }
        if (writable) {
            return null;
        }
        if (uid != 0) {
            return "needs root: it writes 3 to " + knob + ", which this user" + (uid < 0 ? "" : " (uid " + uid + ")")
                    + " cannot write";
        }
        return "this is root, but " + knob + " is not writable (read-only /proc/sys, as in a container without"
                + " privileges): drop the cache on the host, or run where the kernel's knob is writable";
    }

    /** This process's user id, -1 when unknown (not a Unix file system). */
    private static long uid() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
