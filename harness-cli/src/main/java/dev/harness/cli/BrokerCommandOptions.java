package dev.harness.cli;

import java.nio.file.Path;

import dev.harness.core.disturbance.BrokerCommands;
import dev.harness.core.disturbance.KillPattern;
import dev.harness.core.disturbance.Readiness;
import picocli.CommandLine.Option;

/**
 * --kill-cmd, --start-cmd and how the restarted broker counts as ready, for run and
 * restart-study: parsed here, checked by {@link BrokerCommands}.
 */
final class BrokerCommandOptions {
    @Option(names = "--kill-cmd", paramLabel = "CMD",
            description = "Kill the broker with this shell command (run as a script: sh FILE), e.g."
                    + " 'kill -9 $(pgrep -f \"[a]mqzxma0 -m QM1\")' (the brackets keep the pattern from matching the"
                    + " harness's own command line); it must exit 0, within 30 s. It sees HARNESS_PID, the harness's"
                    + " process id. With --start-cmd, any provider's broker can be killed and restarted.")
    String killCmd;

    @Option(names = "--start-cmd", paramLabel = "CMD",
            description = "Start the broker again with this shell command (sh FILE), e.g. 'strmqm QM1'; it must exit 0 and"
                    + " return (a broker it starts runs on in the background). Its output, and --kill-cmd's, goes to"
                    + " stdout, each line after the option's name.")
    String startCmd;

    @Option(names = "--ready-when", paramLabel = "RULE",
            description = "How the restarted broker counts as back: connection (the first connection that succeeds,"
                    + " polled; the default) or log (a line in --ready-log; implied by --ready-log).")
    Readiness.Rule readyWhen;

    @Option(names = "--ready-log", paramLabel = "FILE",
            description = "With --ready-line: the broker is ready when a line containing that text is appended to this"
                    + " log (a file on this host) after --start-cmd ran (IBM MQ: /var/mqm/qmgrs/QM1/errors/AMQERR01.LOG). Default: ready at the"
                    + " first connection that succeeds.")
    Path readyLog;

    @Option(names = "--ready-line", paramLabel = "TEXT", description = "The text of the ready line in --ready-log (AMQ8024I).")
    String readyLine;

    @Option(names = "--start-line", paramLabel = "TEXT",
            description = "Also time the restart from the broker's first line in --ready-log containing this text"
                    + " (AMQ5051I), not only from --start-cmd.")
    String startLine;

    @Option(names = "--drop-caches",
            description = "Before each restart, sync and drop this host's page cache (3 > /proc/sys/vm/drop_caches), so"
                    + " that a broker on this host reads its files from the disk, as after a machine failure. A broker on"
                    + " another host keeps its cache: drop it there, in --start-cmd. Root only. With --kill-cmd, or on the"
                    + " harness's own broker.")
    boolean dropCaches;

    /** Whether --drop-caches applies to the harness's own broker child (no --kill-cmd); checked. */
    boolean dropCachesAlone(boolean restartsOwnBroker) {
        return BrokerCommands.dropCachesAlone(killCmd, dropCaches, restartsOwnBroker,
                dropCaches ? BrokerCommands.whyNoDropCaches() : null);
    }

    /** The commands, checked, or null without --kill-cmd. */
    BrokerCommands settings(long readyWithinNs, boolean ownBroker) {
        return BrokerCommands.of(killCmd, startCmd, readyWhen, readyLog, readyLine, startLine, dropCaches, readyWithinNs, ownBroker,
                dropCaches ? BrokerCommands.whyNoDropCaches() : null, KillPattern.harnessCommandLines());
    }
}
