package dev.harness.core.findings;

import java.util.List;

/**
 * Whether a run was a valid test of what it asked: its schedule kept, its generator and host not
 * the limit, what its objectives need checked, its recovery finished. A run that is not valid keeps
 * every measurement; its reasons say why and what to change.
 *
 * @param reasons empty when valid
 */
public record Validity(List<Reason> reasons) {
    public static final Validity VALID = new Validity(List.of());

    public Validity {
        reasons = List.copyOf(reasons);
    }

    public boolean valid() {
        return reasons.isEmpty();
    }

    /** "VALID" or "NOT VALID". */
    public String word() {
        return valid() ? "VALID" : "NOT VALID";
    }

    /** The reasons' codes, comma-separated: "backlog-at-start, rate-above-target". */
    public String codes() {
        return String.join(", ", reasons.stream().map(Reason::code).toList());
    }

    /** This validity with another's reasons added, each prefixed (a merged set: "shard 1: "). */
    public Validity plus(Validity other, String prefix) {
        if (other.valid()) {
            return this;
        }
        List<Reason> all = new java.util.ArrayList<>(reasons);
        for (Reason r : other.reasons) {
            all.add(new Reason(r.code(), prefix + r.text(), r.advice()));
        }
        return new Validity(all);
    }
}
