package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;

/** How consumers (drainers, responders) spread over queues. */
final class Assignments {
    private Assignments() {
    }

    /**
     * Worker w takes queues w, w+W, ...; when there are more workers than queues, the extra ones
     * compete on the queues round robin. Every queue gets at least one worker.
     */
    static int[][] spread(int workers, int queues) {
        int[][] out = new int[workers][];
        if (workers == 0) {
            return out;
        }
        List<List<Integer>> lists = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            lists.add(new ArrayList<>());
        }
        for (int slot = 0; slot < Math.max(workers, queues); slot++) {
            lists.get(slot % workers).add(slot % queues);
        }
        for (int w = 0; w < workers; w++) {
            out[w] = lists.get(w).stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
    }
}
