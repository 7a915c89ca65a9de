package dev.harness.core.run;

import java.util.HashMap;
import java.util.Map;

/**
 * The CPU time of this JVM's child processes (a harness broker child, above all): part of what
 * the harness runs, like the embedded broker in its own JVM, and so no "other process" that
 * contended the host. Sampled at the measured phase's two ends, off the hot path.
 */
final class ChildCpu {
    private ChildCpu() {
    }

    /** Each living descendant's CPU time so far, by pid; those the platform does not say are left out. */
    static Map<Long, Long> sample() {
        Map<Long, Long> cpu = new HashMap<>();
        try {
            ProcessHandle.current().descendants().forEach(p -> p.info().totalCpuDuration()
                    .ifPresent(d -> cpu.put(p.pid(), d.toNanos())));
        } catch (RuntimeException e) {
            // Not known here: no child counted.
        }
        return cpu;
    }

    /**
     * The children's CPU time between two samples: each living one's since the first (all of a
     * child started in between). A child that ended in between is not in the second and its
     * share is lost (a broker killed by --kill-broker-at): an underestimate, never more.
     */
    static long betweenNs(Map<Long, Long> first, Map<Long, Long> second) {
        long ns = 0;
        for (Map.Entry<Long, Long> e : second.entrySet()) {
            ns += Math.max(0, e.getValue() - first.getOrDefault(e.getKey(), 0L));
        }
        return ns;
    }
}
