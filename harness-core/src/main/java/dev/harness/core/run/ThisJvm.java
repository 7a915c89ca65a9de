package dev.harness.core.run;

import java.lang.management.ManagementFactory;
import java.util.Locale;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;

/**
 * What the harness's own JVM runs with, for the run header: its collector and pause goal, its
 * heap (fixed or growing, touched ahead or not), its JIT compilers when not both, and its CPUs. The harness measures in this JVM
 * (and the embedded broker runs in it), so these change what a run reads.
 */
public final class ThisJvm {
    private ThisJvm() {
    }

    /** "Java 17.0.15, G1 (pause goal 20 ms), heap 1 GiB fixed, touched at start, C1 JIT only, 2 CPUs". */
    public static String describe() {
        HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        String collector = hotspot == null ? "collector unknown" : collector(hotspot);
        long initial = flag(hotspot, "InitialHeapSize");
        long max = Runtime.getRuntime().maxMemory();
        long maxFlag = flag(hotspot, "MaxHeapSize");
        String heap = "heap " + size(maxFlag > 0 ? maxFlag : max)
                + (initial > 0 && initial == maxFlag ? " fixed" : initial > 0 ? ", starting at " + size(initial) : "")
                + (flag(hotspot, "AlwaysPreTouch") == 1 ? ", touched at start" : "");
        return "Java " + Runtime.version() + ", " + collector + ", " + heap + jit(hotspot) + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs";
    }

    /**
     * Which compilers run, when not both (HotSpot's default): C1 alone compiles in a fraction of
     * the CPU time and makes slower code, which changes both what a run costs and its latencies.
     */
    private static String jit(HotSpotDiagnosticMXBean hotspot) {
        if (flag(hotspot, "TieredCompilation") == 0) {
            return ", C2 JIT only";
        }
        long stopAt = flag(hotspot, "TieredStopAtLevel");
        return stopAt >= 1 && stopAt < 4 ? ", C1 JIT only" : "";
    }

    private static String collector(HotSpotDiagnosticMXBean hotspot) {
        if (flag(hotspot, "UseG1GC") == 1) {
            return "G1 (pause goal " + flag(hotspot, "MaxGCPauseMillis") + " ms)";
        }
        if (flag(hotspot, "UseParallelGC") == 1) {
            return "Parallel";
        }
        if (flag(hotspot, "UseSerialGC") == 1) {
            return "Serial";
        }
        if (flag(hotspot, "UseZGC") == 1) {
            return "ZGC";
        }
        if (flag(hotspot, "UseShenandoahGC") == 1) {
            return "Shenandoah";
        }
        return "collector unknown";
    }

    /** A numeric or boolean (1/0) flag's value; -1 when this JVM has no such flag. */
    private static long flag(HotSpotDiagnosticMXBean hotspot, String name) {
        if (hotspot == null) {
            return -1;
        }
        try {
            VMOption o = hotspot.getVMOption(name);
            return switch (o.getValue()) {
                case "true" -> 1;
                case "false" -> 0;
                default -> Long.parseLong(o.getValue());
            };
        } catch (IllegalArgumentException e) {
            return -1; // no such flag here (NumberFormatException included)
        }
    }

    private static String size(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
            return bytes / (1L << 30) + " GiB";
        }
        return String.format(Locale.ROOT, "%d MiB", bytes >> 20);
    }
}
