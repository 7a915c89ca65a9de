package dev.harness.core.report;

import java.util.List;

import org.HdrHistogram.Histogram;

import dev.harness.core.WorkloadKind;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Reading;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.Percentiles;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.FanOutSummary;
import dev.harness.core.run.RunSummary;
import dev.harness.core.slo.Verdict;

/**
 * What the HTML report shows beyond the hlog, which carries none of it: the verdict on the run's
 * objectives, its validity and findings, its rates and its delivery and outage figures, from the run's summary (harness run --report)
 * or its JSON (harness report --json).
 *
 * @param verdict the objectives' verdict; empty when the run had none
 * @param delivery what arrived, what did not, what twice
 * @param requests request/response: the ledger counts answered requests, not received messages
 * @param requestsLost requests given up at the reply timeout
 * @param unsent scheduled messages never sent
 * @param recovery the broker outage the run lived through, or null
 * @param saturation why the harness could not offer the schedule (or that the broker was the limit), or null
 * @param reading the run's validity and findings, the console's words; null when not known (an hlog alone)
 * @param rates the rate asked and achieved, and the longest time without a completion; null when not known
 * @param freezes the stops of the broker the run made (--freeze-at), shaded on the over-time charts
 * @param subscriptions publish/subscribe: how each subscription fared; empty for other workloads
 */
public record RunOutcome(Verdict verdict, Delivery delivery, boolean requests, long requestsLost, long unsent,
        Outages.Recovery recovery, String saturation, Reading reading, Rates rates, List<Stop> freezes,
        List<Subscription> subscriptions) {

    public RunOutcome {
        freezes = List.copyOf(freezes);
        subscriptions = List.copyOf(subscriptions);
    }

    /**
     * One subscription's copies and its {@code response} over the measured phase, as the JSON's
     * {@code summary.subscriptions.each} holds them.
     */
    public record Subscription(String topic, String name, long received, long lost, long missed, long duplicates,
            long count, long p50Ns, long p99Ns, long p999Ns, long maxNs, long expired) {
        /** Nothing expired. */
        public Subscription(String topic, String name, long received, long lost, long missed, long duplicates,
                long count, long p50Ns, long p99Ns, long p999Ns, long maxNs) {
            this(topic, name, received, lost, missed, duplicates, count, p50Ns, p99Ns, p999Ns, maxNs, 0);
        }

        static Subscription of(FanOutSummary.Subscription s) {
            Histogram h = s.response();
            boolean any = h.getTotalCount() > 0;
            return new Subscription(s.topic(), s.name(), s.received(), s.lost(), s.missed(), s.duplicates(),
                    h.getTotalCount(), any ? Percentiles.at(h, 50) : 0, any ? Percentiles.at(h, 99) : 0,
                    any ? Percentiles.at(h, 99.9) : 0, h.getMaxValue(), s.expired());
        }
    }

    public RunOutcome(Verdict verdict, Delivery delivery, boolean requests, long requestsLost, long unsent,
            Outages.Recovery recovery, String saturation, Reading reading, Rates rates, List<Stop> freezes) {
        this(verdict, delivery, requests, requestsLost, unsent, recovery, saturation, reading, rates, freezes, List.of());
    }

    /**
     * The summary's rates, as the console's "rate:" line states them, and its longest gap.
     *
     * @param target the schedule's rate per second; 0 when unthrottled (closed loop)
     * @param achieved every completion after warmup over the measured seconds
     * @param measuredSeconds from the end of warmup to the last completion
     * @param longestGapFromNs when the longest time without a completion while one was due began, from the
     *     schedule's start; -1 when there was none
     * @param longestGapNs its length (what --slo's outage reads)
     */
    public record Rates(double target, double achieved, double measuredSeconds, long longestGapFromNs, long longestGapNs) {
        public boolean closedLoop() {
            return target == 0;
        }
    }

    public RunOutcome(Verdict verdict, Delivery delivery, boolean requests, long requestsLost, long unsent,
            Outages.Recovery recovery, String saturation, Reading reading) {
        this(verdict, delivery, requests, requestsLost, unsent, recovery, saturation, reading, null, List.of());
    }

    public RunOutcome(Verdict verdict, Delivery delivery, boolean requests, long requestsLost, long unsent,
            Outages.Recovery recovery, String saturation, Reading reading, Rates rates) {
        this(verdict, delivery, requests, requestsLost, unsent, recovery, saturation, reading, rates, List.of());
    }

    public RunOutcome(Verdict verdict, Delivery delivery, boolean requests, long requestsLost, long unsent,
            Outages.Recovery recovery) {
        this(verdict, delivery, requests, requestsLost, unsent, recovery, null, null, null, List.of());
    }

    public RunOutcome(Verdict verdict, Delivery delivery, boolean requests, long requestsLost, long unsent,
            Outages.Recovery recovery, String saturation) {
        this(verdict, delivery, requests, requestsLost, unsent, recovery, saturation, null, null, List.of());
    }

    public static RunOutcome of(RunSummary s, Reading reading, Verdict verdict) {
        RunSummary.Throughput t = s.throughput();
        return new RunOutcome(verdict, s.delivery(), s.header().workload() == WorkloadKind.REQRESP, s.counts().lost(),
                s.counts().unsent(), s.recovery(), s.saturation().sentence(), reading,
                new Rates(t.targetRate(), t.achievedRate(), t.measuredSeconds(), t.longestGapFromNs(), t.longestGapNs()),
                s.freezes(), s.fanOut() == null ? List.of() : s.fanOut().subscriptions().stream().map(Subscription::of).toList());
    }
}
