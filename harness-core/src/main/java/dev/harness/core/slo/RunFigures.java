package dev.harness.core.slo;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.run.RunSummary;

/** The figures of a finished run's measured phase, as its summary holds them. */
public final class RunFigures {
    private RunFigures() {
    }

    public static Figures of(RunSummary s) {
        Map<String, Histogram> views = new HashMap<>();
        s.views().measured().forEach((view, h) -> views.put(view.tag(), h));
        Map<Term.Figure, Double> f = new EnumMap<>(Term.Figure.class);
        Map<Term.Figure, String> unknown = new EnumMap<>(Term.Figure.class);
        f.put(Term.Figure.RATE, s.throughput().achievedRate());
        if (s.throughput().targetRate() > 0) {
            f.put(Term.Figure.TARGET, s.throughput().targetRate());
        }
        new Summed().add(s.counts().unsent(), s.counts().late(), s.counts().lost(), s.delivery(),
                s.throughput().longestGapNs()).into(f, unknown);
        return Figures.of(views, f, unknown);
    }

    /**
     * What "lost" means in an objective: committed messages that never arrived (the delivery
     * ledger), or requests whose reply never came, whichever the run counted more of (a request
     * given up is often also one the ledger misses, so the two are not added).
     */
    public static long lost(long deliveryLost, long requestsLost) {
        return Math.max(deliveryLost, requestsLost);
    }
}
