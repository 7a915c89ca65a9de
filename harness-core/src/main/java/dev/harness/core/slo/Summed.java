package dev.harness.core.slo;

import java.util.Map;

import dev.harness.core.run.Delivery;

/**
 * The counted figures of one run or of several taken together (the hosts of a merged log, the
 * rounds of one ab side): counts summed, the outage the longest of them (runs of one start give
 * their common one, {@link RunCounts#gaps}). One place for the rule,
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
    /** Why a run's deliveries were not checked (the first such run's), or null when every run's were. */
    private String untracked;

    /**
     * One run's counts.
     *
     * @param requestsLost requests given up at the reply timeout
     * @param delivery the delivery ledger's tally, or null
     * @param longestGapNs the run's longest client-visible outage (RunSummary.Throughput), broker lost
     *     or not (a broker outage's is that same gap); for runs of one start, their common one
     */
    Summed add(long unsent, long late, long requestsLost, Delivery delivery, long longestGapNs) {
        runs++;
        this.unsent += unsent;
        this.late += late;
        boolean tracked = delivery != null && delivery.tracked();
        if (tracked) {
            lost += RunFigures.lost(delivery.lost(), requestsLost);
            duplicates += delivery.duplicates();
            inDoubt += delivery.inDoubt();
        } else if (untracked == null) {
            untracked = notChecked(delivery);
        }
        outageNs = Math.max(outageNs, longestGapNs);
        return this;
    }

    /** Puts the figures into {@code f}, and why one is not known into {@code unknown}; none when no run was added. */
    void into(Map<Term.Figure, Double> f, Map<Term.Figure, String> unknown) {
        if (runs == 0) {
            return;
        }
        f.put(Term.Figure.UNSENT, (double) unsent);
        f.put(Term.Figure.LATE, (double) late);
        // A run that could not check its deliveries has no such counts: not 0 (lost == 0 would pass on
        // nothing), and a partial sum would pass for the whole.
        if (untracked != null) {
            for (Term.Figure ledger : new Term.Figure[] {Term.Figure.LOST, Term.Figure.DUPLICATES, Term.Figure.IN_DOUBT}) {
                unknown.put(ledger, untracked);
            }
        } else {
            f.put(Term.Figure.LOST, (double) lost);
            f.put(Term.Figure.DUPLICATES, (double) duplicates);
            f.put(Term.Figure.IN_DOUBT, (double) inDoubt);
        }
        f.put(Term.Figure.OUTAGE, (double) outageNs);
    }

    /**
     * Why a figure of the ledger is not known: "delivery not checked (--drainers 0)", the cause
     * the run gave, up to its explanation.
     */
    static String notChecked(Delivery d) {
        String why = d == null || d.untracked() == null ? "" : d.untracked();
        int colon = why.indexOf(": ");
        String cause = colon > 0 ? why.substring(0, colon) : why;
        return "delivery not checked" + (cause.isEmpty() ? "" : " (" + cause + ")");
    }
}
