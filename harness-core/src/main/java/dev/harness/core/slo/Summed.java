package dev.harness.core.slo;

import java.util.Map;

import dev.harness.core.measure.Outages;
import dev.harness.core.run.Delivery;

/**
 * The counted figures of one run or of several taken together (the hosts of a merged log, the
 * rounds of one ab side): counts summed, the outage the longest of them. One place for the rule,
 * so a run, its log and an ab side count alike.
 */
final class Summed {
    private long unsent;
    private long late;
    private long lost;
    private long duplicates;
    private long inDoubt;
    private long outageNs;
    private int runs;
    private boolean untracked;

    /**
     * One run's counts.
     *
     * @param requestsLost requests given up at the reply timeout
     * @param delivery the delivery ledger's tally, or null
     * @param longestGapNs the run's longest client-visible outage (RunSummary.Throughput), broker lost or not
     * @param recovery the broker outage the run lived through, or null: its outage is that same gap,
     *     and all an older --json file knew
     */
    Summed add(long unsent, long late, long requestsLost, Delivery delivery, long longestGapNs, Outages.Recovery recovery) {
        runs++;
        this.unsent += unsent;
        this.late += late;
        boolean tracked = delivery != null && delivery.tracked();
        lost += RunFigures.lost(tracked ? delivery.lost() : 0, requestsLost);
        if (tracked) {
            duplicates += delivery.duplicates();
            inDoubt += delivery.inDoubt();
        } else {
            untracked = true;
        }
        outageNs = Math.max(outageNs, Math.max(longestGapNs, recovery == null ? 0 : recovery.outageNs()));
        return this;
    }

    /** Puts the figures into {@code f}; none when no run was added. */
    void into(Map<Term.Figure, Double> f) {
        if (runs == 0) {
            return;
        }
        f.put(Term.Figure.UNSENT, (double) unsent);
        f.put(Term.Figure.LATE, (double) late);
        f.put(Term.Figure.LOST, (double) lost);
        // A run that could not check its deliveries has no such counts: a partial sum would pass for the whole.
        if (!untracked) {
            f.put(Term.Figure.DUPLICATES, (double) duplicates);
            f.put(Term.Figure.IN_DOUBT, (double) inDoubt);
        }
        f.put(Term.Figure.OUTAGE, (double) outageNs);
    }
}
