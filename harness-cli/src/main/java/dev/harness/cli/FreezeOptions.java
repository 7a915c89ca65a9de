package dev.harness.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.Provider;
import dev.harness.core.run.CommandFreezer;
import dev.harness.core.run.FreezePlan;
import dev.harness.core.run.Freezer;
import dev.harness.core.run.SignalFreezer;
import picocli.CommandLine.Option;

/**
 * run's stops of the broker (--freeze-at, --freeze-every) and whom they stop: parsed here,
 * checked by {@link FreezePlan}.
 */
final class FreezeOptions {
    @Option(names = "--freeze-at", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Stop the broker this long after the schedule's start (warmup included), for --freeze-for, then"
                    + " let it go on (repeatable): SIGSTOP and SIGCONT to the harness broker child the run starts (without"
                    + " --url), to --broker-pid, or --freeze-cmd and --thaw-cmd. Each stop's real start and length, measured"
                    + " where it is made, go to the summary, the JSON (summary.freezes) and the events.")
    List<Long> freezeAt = new ArrayList<>();

    @Option(names = "--freeze-for", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "How long each stop lasts: once for all, or once per --freeze-at.")
    List<Long> freezeFor = new ArrayList<>();

    @Option(names = "--freeze-every", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Stop the broker at this time from the schedule's start and every such time after it,"
                    + " --freeze-count times, each for --freeze-for.")
    Long freezeEvery;

    @Option(names = "--freeze-count", paramLabel = "N", description = "With --freeze-every: how many stops.")
    Integer freezeCount;

    @Option(names = "--broker-pid", paramLabel = "PID",
            description = "The broker's process on this host, which --freeze-at stops with SIGSTOP and lets go on with SIGCONT.")
    Long brokerPid;

    @Option(names = "--freeze-cmd", paramLabel = "CMD",
            description = "Stop the broker with this shell command (run as a script: sh FILE), e.g. 'ssh mq1 pkill -STOP -f"
                    + " \"[a]mqzxma0 -m QM1\"'; it must exit 0 within 30 s, once the broker is stopped. With --thaw-cmd.")
    String freezeCmd;

    @Option(names = "--thaw-cmd", paramLabel = "CMD",
            description = "Let the broker go on with this shell command (sh FILE), e.g. 'ssh mq1 pkill -CONT -f \"[a]mqzxma0"
                    + " -m QM1\"'; it must exit 0 within 30 s. It runs also when the run ends early.")
    String thawCmd;

    /** Whether any stop is asked for: their times are from the schedule's start, so the warmup must be fixed. */
    boolean asked() {
        return !freezeAt.isEmpty() || freezeEvery != null;
    }

    /** The stops asked for, checked against the run's schedule, or null for none. */
    FreezePlan plan(long scheduleNs, boolean ownBroker, String provider, boolean killBroker) {
        FreezePlan plan = FreezePlan.of(freezeAt, freezeFor, freezeEvery, freezeCount, brokerPid, freezeCmd, thawCmd,
                scheduleNs, ownBroker, provider, ProcessHandle.current().pid(), killBroker);
        if (plan != null && plan.brokerPid() != null) {
            SettingsException.require(ProcessHandle.of(plan.brokerPid()).map(ProcessHandle::isAlive).orElse(false),
                    "--broker-pid", "no process " + plan.brokerPid() + " runs on this host");
        }
        return plan;
    }

    /** What carries the plan out: signals to --broker-pid or to the harness's own broker child, or the commands. */
    static Freezer freezer(FreezePlan plan, Provider provider) throws IOException {
        if (plan.freezeCmd() != null) {
            return new CommandFreezer(plan.freezeCmd(), plan.thawCmd(), System.out::println);
        }
        if (plan.brokerPid() != null) {
            return new SignalFreezer(plan.brokerPid(), "--broker-pid");
        }
        if (!(provider instanceof ChildBrokerProvider child)) {
            throw new SettingsException("--freeze-at", "the broker here is no process of its own: give --broker-pid, or"
                    + " --freeze-cmd and --thaw-cmd");
        }
        return new SignalFreezer(child.broker().process().pid(), "the harness broker child");
    }
}
