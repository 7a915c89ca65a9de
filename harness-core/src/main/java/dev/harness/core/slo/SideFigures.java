package dev.harness.core.slo;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.measure.Histograms;
import dev.harness.core.run.RunSummary;

/**
 * One side of harness ab as a whole, for its objectives: the measured histograms of all its
 * rounds added, their counts summed, and its rate every completion after warmup over every
 * measured second, as one run of all the rounds would have it.
 */
public final class SideFigures {
    private final Map<String, Histogram> views = new HashMap<>();
    private final Summed counts = new Summed();
    private long completedAfterWarmup;
    private double measuredSeconds;
    private double targetRate;
    private int rounds;

    /** Adds one round of the side. */
    public void add(RunSummary round) {
        round.views().measured().forEach((view, h) -> {
            if (h.getTotalCount() > 0) {
                views.computeIfAbsent(view.tag(), t -> Histograms.create()).add(h);
            }
        });
        completedAfterWarmup += round.throughput().completedAfterWarmup();
        measuredSeconds += round.throughput().measuredSeconds();
        targetRate = round.throughput().targetRate();
        counts.add(round.counts().unsent(), round.counts().late(), round.counts().lost(), round.delivery(),
                round.throughput().longestGapNs());
        rounds++;
    }

    public int rounds() {
        return rounds;
    }

    public Figures figures() {
        Map<Term.Figure, Double> f = new EnumMap<>(Term.Figure.class);
        if (rounds > 0) {
            f.put(Term.Figure.RATE, measuredSeconds > 0 ? completedAfterWarmup / measuredSeconds : 0);
            if (targetRate > 0) {
                f.put(Term.Figure.TARGET, targetRate);
            }
        }
        Map<Term.Figure, String> unknown = new EnumMap<>(Term.Figure.class);
        counts.into(f, unknown);
        return Figures.of(Map.copyOf(views), f, unknown);
    }
}
