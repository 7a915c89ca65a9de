package dev.harness.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import dev.harness.core.SettingsException;
import dev.harness.core.disturbance.CommandFreezer;
import dev.harness.core.disturbance.FreezePlan;
import dev.harness.core.disturbance.Freezer;
import dev.harness.core.disturbance.SignalFreezer;
import dev.harness.core.jms.Provider;
import picocli.CommandLine.Mixin;
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

    @Mixin
    FreezeTargetOptions target;

    /** Whether any stop is asked for: their times are from the schedule's start, so the warmup must be fixed. */
    boolean asked() {
        return !freezeAt.isEmpty() || freezeEvery != null;
    }

    /** The stops asked for, checked against the run's schedule, or null for none. */
    FreezePlan plan(long scheduleNs, boolean ownBroker, String provider, boolean killBroker) {
        FreezePlan plan = FreezePlan.of(freezeAt, freezeFor, freezeEvery, freezeCount, target.brokerPid, target.freezeCmd,
                target.thawCmd, scheduleNs, ownBroker, provider, ProcessHandle.current().pid(), killBroker);
        if (plan != null) {
            FreezeTargetOptions.checkAlive(plan.brokerPid());
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
