import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * What the pacer's spin of the last stretch costs and buys: the harness's park-then-spin loop
 * (harness-core's Pacer) alone, at a fixed rate, with the spin window given. Prints the waiting
 * thread's CPU per message and how late it woke. No JMS, no harness classes: the loop as it is.
 *
 * java PacerSpin.java SPIN_NS RATE MESSAGES
 */
public class PacerSpin {
    public static void main(String[] args) {
        long spinNs = Long.parseLong(args[0]);
        int rate = Integer.parseInt(args[1]);
        int n = Integer.parseInt(args[2]);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long periodNs = 1_000_000_000L / rate;
        long[] lateNs = new long[n];
        long spins = 0;
        long cpu0 = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime() + 10_000_000;
        for (int i = 0; i < n; i++) {
            long intended = start + i * periodNs;
            while (true) {
                long remaining = intended - System.nanoTime();
                if (remaining <= 0) {
                    break;
                }
                if (remaining > spinNs) {
                    LockSupport.parkNanos(remaining - spinNs);
                } else {
                    spins++;
                    Thread.onSpinWait();
                }
            }
            lateNs[i] = System.nanoTime() - intended;
        }
        long cpuNs = threads.getCurrentThreadCpuTime() - cpu0;
        Arrays.sort(lateNs);
        System.out.printf("spin %3d us  rate %5d/s  CPU %.1f us/msg (%.1f %% of a core)  late p50 %.1f  p99 %.1f  p99.9 %.1f us"
                + "  spins/msg %.2f%n", spinNs / 1000, rate, cpuNs / 1e3 / n, 100.0 * cpuNs / ((double) n * periodNs),
                lateNs[n / 2] / 1e3, lateNs[n * 99 / 100] / 1e3, lateNs[n * 999 / 1000] / 1e3, spins / (double) n);
    }
}
