package dev.harness.core.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * Run by {@link GcPausesTest} in a JVM of its own (G1, a small heap, -XX:+ExplicitGCInvokesConcurrent):
 * each {@code System.gc()} is then a concurrent cycle, whose Remark and Cleanup stop the world.
 * Prints every pause {@link GcPauses} counted as {@code pause <collector> | <cause>}, then any
 * JFR reading thread still alive after close as {@code left <name>}, then {@code done}.
 *
 * <p>Argument: how many seconds to wait, at most, for a Remark pause to arrive.
 */
public final class G1RemarkChild {
    private static final int COLLECTIONS = 3;

    private G1RemarkChild() {
    }

    public static void main(String[] args) throws InterruptedException {
        long waitNs = Long.parseLong(args[0]) * 1_000_000_000L;
        List<GcPauses.GcPause> seen = new ArrayList<>();
        GcPauses gc = GcPauses.start(p -> {
            synchronized (seen) {
                seen.add(p);
            }
        });
        try {
            for (int i = 0; i < COLLECTIONS; i++) {
                System.gc();
                Thread.sleep(100);
            }
            long deadline = System.nanoTime() + waitNs;
            while (!remarkSeen(seen) && System.nanoTime() - deadline < 0) {
                Thread.sleep(50);
            }
        } finally {
            gc.close();
        }
        synchronized (seen) {
            for (GcPauses.GcPause p : seen) {
                System.out.println("pause " + p.collector() + " | " + p.cause());
            }
        }
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("JFR Event Stream")) {
                System.out.println("left " + t.getName());
            }
        }
        System.out.println("done");
    }

    private static boolean remarkSeen(List<GcPauses.GcPause> seen) {
        synchronized (seen) {
            return seen.stream().anyMatch(p -> p.cause().equals("Pause Remark"));
        }
    }
}
