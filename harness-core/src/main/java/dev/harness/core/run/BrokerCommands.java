package dev.harness.core.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import dev.harness.core.SettingsException;

/**
 * {@code --kill-cmd} and {@code --start-cmd}: shell commands ({@code sh -c}) that kill and start
 * the broker the harness drives, whatever it is, with the rule that says it is back and
 * {@code --drop-caches}. Checks itself.
 *
 * @param killCmd kills the broker as kill -9 does; must exit 0
 * @param startCmd starts it again and returns (the broker runs on in the background, as strmqm does); must exit 0
 * @param readiness how the harness knows it is back
 * @param dropCaches sync and drop the page cache before each restart, as seed 002 did to emulate a machine failure
 * @param readyWithinNs the bound on a restart: the start command running to readiness
 */
public record BrokerCommands(String killCmd, String startCmd, Readiness readiness, boolean dropCaches, long readyWithinNs) {
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
     * @param canDropCaches whether this user may write {@link #DROP_CACHES} ({@link #canDropCaches()})
     */
    public static BrokerCommands of(String killCmd, String startCmd, Readiness.Rule readyWhen, Path readyLog,
            String readyLine, String startLine, boolean dropCaches, long readyWithinNs, boolean ownBroker, boolean canDropCaches) {
        if (killCmd == null) {
            String alone = startCmd != null ? "--start-cmd" : readyWhen != null ? "--ready-when" : readyLog != null ? "--ready-log" : readyLine != null
                    ? "--ready-line" : startLine != null ? "--start-line" : dropCaches ? "--drop-caches" : null;
            SettingsException.require(alone == null, alone, "applies with --kill-cmd and --start-cmd, to a broker the"
                    + " harness kills and starts with commands");
            return null;
        }
        SettingsException.require(!killCmd.isBlank(), "--kill-cmd", "expected a shell command, got an empty one");
        SettingsException.require(startCmd != null && !startCmd.isBlank(), "--start-cmd",
                "expected with --kill-cmd: the shell command that starts the broker again");
        SettingsException.require(!ownBroker, "--kill-cmd", "kills a broker outside this process; the embedded broker"
                + " runs inside it: give the broker's --url or --provider");
        Readiness readiness = Readiness.of(readyWhen, readyLog, readyLine, startLine);
        SettingsException.require(readyWithinNs > 0, "--ready-timeout", "expected a time above 0s");
        SettingsException.require(!dropCaches || canDropCaches, "--drop-caches", "needs root: it writes 3 to "
                + DROP_CACHES + ", which this user cannot write");
        return new BrokerCommands(killCmd, startCmd, readiness, dropCaches, readyWithinNs);
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

    /** Whether this process may drop the page cache (root, in practice). */
    public static boolean canDropCaches() {
        return Files.isWritable(DROP_CACHES);
    }
}
