package dev.harness.cli;

import java.util.List;

import dev.harness.core.SettingsException;
import dev.harness.core.disturbance.FreezePlan;
import picocli.CommandLine.Option;

/**
 * Whom a stop of the broker stops when it is not a harness broker child: harness run's stops
 * ({@link FreezeOptions}) and the runs of harness verify, which hands these on to them.
 */
final class FreezeTargetOptions {
    @Option(names = "--broker-pid", paramLabel = "PID",
            description = "The broker's process on this host, for a broker at --url: each stop of the broker is a SIGSTOP"
                    + " to it, and a SIGCONT lets it go on.")
    Long brokerPid;

    @Option(names = "--freeze-cmd", paramLabel = "CMD",
            description = "Stop the broker with this shell command (run as a script: sh FILE), e.g. 'ssh mq1 pkill -STOP -f"
                    + " \"[a]mqzxma0 -m QM1\"'; it must exit 0 within 30 s, once the broker is stopped. With --thaw-cmd.")
    String freezeCmd;

    @Option(names = "--thaw-cmd", paramLabel = "CMD",
            description = "Let the broker go on with this shell command (sh FILE), e.g. 'ssh mq1 pkill -CONT -f \"[a]mqzxma0"
                    + " -m QM1\"'; it must exit 0 within 30 s. It runs also when the run ends early.")
    String thawCmd;

    /** The option given first, or null for none: a harness broker child is then what is stopped. */
    String given() {
        return brokerPid != null ? "--broker-pid" : freezeCmd != null ? "--freeze-cmd" : thawCmd != null ? "--thaw-cmd" : null;
    }

    /** Checked as harness run checks them, and --broker-pid's process alive on this host. */
    void check() {
        FreezePlan.checkTarget(brokerPid, freezeCmd, thawCmd, ProcessHandle.current().pid());
        checkAlive(brokerPid);
    }

    static void checkAlive(Long pid) {
        if (pid != null) {
            SettingsException.require(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "--broker-pid",
                    "no process " + pid + " runs on this host");
        }
    }

    /** These options as harness run takes them, or null when none was given. */
    List<String> runArgs() {
        return brokerPid != null ? List.of("--broker-pid", brokerPid.toString())
                : freezeCmd != null ? List.of("--freeze-cmd", freezeCmd, "--thaw-cmd", thawCmd) : null;
    }
}
