package dev.harness.core.workload;

/**
 * What consumers that take a set time over each message ({@code --consume-delay}) take from queues
 * that share a rate evenly, when they are spread over them as {@link Assignments#spread} spreads
 * them. A consumer with a message listener handles one message at a time, whichever of its queues
 * it came from; with {@code --receive sync} it has a loop per queue, each one message at a time. A
 * queue shared by several consumers shares its messages among them. So 3 queues over 2 drainers
 * load one drainer twice as much as the other: the consumers take less than their number over
 * the delay, and the busier one's queues deepen while the other idles.
 */
final class ConsumerSpread {
    private ConsumerSpread() {
    }

    /**
     * The messages a second the consumers take when {@code rate} a second arrive, spread evenly over
     * the queues: at most {@code rate}; {@code rate} itself when they take no set time, or when none
     * runs here (the run's design sets no limit on consumers elsewhere).
     */
    static double taken(int consumers, int queues, long delayNs, double rate, boolean loopPerQueue) {
        if (delayNs == 0 || consumers == 0) {
            return rate;
        }
        double each = 1e9 / delayNs; // one handler's most, a second
        int[][] assignment = Assignments.spread(consumers, queues);
        int[] sharing = new int[queues]; // consumers on each queue
        for (int[] own : assignment) {
            for (int q : own) {
                sharing[q]++;
            }
        }
        double perQueue = rate / queues;
        double taken = 0;
        if (loopPerQueue) {
            for (int q = 0; q < queues; q++) {
                taken += Math.min(perQueue, sharing[q] * each);
            }
            return taken;
        }
        for (int[] own : assignment) {
            double load = 0;
            for (int q : own) {
                load += perQueue / sharing[q];
            }
            taken += Math.min(load, each);
        }
        return taken;
    }

    /**
     * The most messages a second the consumers take however fast they arrive: a listener's consumers
     * one message each at a time, a loop per queue as many as consumers or queues, whichever more
     * ({@link #taken} with no bound on the rate); infinite when they take no set time.
     */
    static double most(int consumers, int queues, long delayNs, boolean loopPerQueue) {
        return taken(consumers, queues, delayNs, Double.POSITIVE_INFINITY, loopPerQueue);
    }

    /** Whether some consumer (or, with a loop per queue, some queue) carries more of the rate than another. */
    static boolean uneven(int consumers, int queues, boolean loopPerQueue) {
        if (consumers == 0) {
            return false;
        }
        if (consumers >= queues) {
            return consumers % queues != 0;
        }
        return !loopPerQueue && queues % consumers != 0;
    }
}
