package dev.harness.core.run;

import java.util.List;

import dev.harness.core.disturbance.Stop;
import dev.harness.core.host.HostSummary;
import dev.harness.core.measure.GcSummary;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.ScheduleKeeping;
import dev.harness.core.run.RunSummary.Counts;
import dev.harness.core.run.RunSummary.Ending;
import dev.harness.core.run.RunSummary.JvmPauses;
import dev.harness.core.run.RunSummary.Throughput;
import dev.harness.core.run.RunSummary.Views;

/**
 * Summaries as tests build them, leaving out what their case does not need: each overload fills
 * the rest with what a run that had none of it would say. The runner builds the whole record.
 */
public final class Summaries {
    private Summaries() {
    }

    /** A run without a preload. */
    public static RunSummary summary(RunHeader header, Ending ending, Counts counts, Throughput throughput,
            Views views, JvmPauses jvmPauses, GcSummary gc, HostSummary host, Delivery delivery,
            Outages.Recovery recovery, Saturation saturation, ScheduleKeeping.Totals keeping, boolean deliveryNeeded,
            WarmupEnd warmup, List<Stop> freezes, FanOutSummary fanOut) {
        return new RunSummary(header, ending, counts, throughput, views, jvmPauses, gc, host, delivery, recovery,
                saturation, keeping, deliveryNeeded, warmup, freezes, fanOut, null, List.of());
    }

    /** A run without subscriptions. */
    public static RunSummary summary(RunHeader header, Ending ending, Counts counts, Throughput throughput,
            Views views, JvmPauses jvmPauses, GcSummary gc, HostSummary host, Delivery delivery,
            Outages.Recovery recovery, Saturation saturation, ScheduleKeeping.Totals keeping, boolean deliveryNeeded,
            WarmupEnd warmup, List<Stop> freezes) {
        return summary(header, ending, counts, throughput, views, jvmPauses, gc, host, delivery, recovery,
                saturation, keeping, deliveryNeeded, warmup, freezes, null);
    }

    /** A run that stopped no broker. */
    public static RunSummary summary(RunHeader header, Ending ending, Counts counts, Throughput throughput,
            Views views, JvmPauses jvmPauses, GcSummary gc, HostSummary host, Delivery delivery,
            Outages.Recovery recovery, Saturation saturation, ScheduleKeeping.Totals keeping, boolean deliveryNeeded,
            WarmupEnd warmup) {
        return summary(header, ending, counts, throughput, views, jvmPauses, gc, host, delivery, recovery,
                saturation, keeping, deliveryNeeded, warmup, List.of());
    }

    /** A run whose warmup's end is not known. */
    public static RunSummary summary(RunHeader header, Ending ending, Counts counts, Throughput throughput,
            Views views, JvmPauses jvmPauses, GcSummary gc, HostSummary host, Delivery delivery,
            Outages.Recovery recovery, Saturation saturation, ScheduleKeeping.Totals keeping, boolean deliveryNeeded) {
        return summary(header, ending, counts, throughput, views, jvmPauses, gc, host, delivery, recovery,
                saturation, keeping, deliveryNeeded, WarmupEnd.UNKNOWN);
    }

    /** A run whose warmup's end and schedule's keeping are not known. */
    public static RunSummary summary(RunHeader header, Ending ending, Counts counts, Throughput throughput,
            Views views, JvmPauses jvmPauses, GcSummary gc, HostSummary host, Delivery delivery,
            Outages.Recovery recovery, Saturation saturation) {
        return summary(header, ending, counts, throughput, views, jvmPauses, gc, host, delivery, recovery,
                saturation, ScheduleKeeping.Totals.NONE, false);
    }

    /** A run that says nothing on saturation or the schedule's keeping. */
    public static RunSummary summary(RunHeader header, Ending ending, Counts counts, Throughput throughput,
            Views views, JvmPauses jvmPauses, GcSummary gc, HostSummary host, Delivery delivery,
            Outages.Recovery recovery) {
        return summary(header, ending, counts, throughput, views, jvmPauses, gc, host, delivery, recovery,
                Saturation.NONE);
    }
}
