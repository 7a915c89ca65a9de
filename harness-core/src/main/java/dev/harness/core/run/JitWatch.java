package dev.harness.core.run;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * Whether this JVM's JIT has caught up with the code being run: its compilers spent little time
 * over the last windows. While the hot path is still being compiled (and recompiled, fully
 * optimized after some 10,000 calls), the compiler threads take CPUs from the workload: on two
 * CPUs that is most of what a cold harness's first seconds lose.
 */
final class JitWatch {
    /** One window of the compilers' time. */
    static final long WINDOW_NS = TimeUnit.MILLISECONDS.toNanos(250);
    /** Compiling for at most this share of a window, summed over the compiler threads, is quiet. */
    static final double QUIET_SHARE = 0.1;
    /** Quiet windows in a row that make the JIT caught up. */
    static final int QUIET_WINDOWS = 2;

    private final CompilationMXBean bean;
    private long windowStartNs;
    private long windowStartCompileMs;
    private int quiet;
    private boolean caughtUp;

    private JitWatch(CompilationMXBean bean, long startNs) {
        this.bean = bean;
        this.windowStartNs = startNs;
        this.windowStartCompileMs = bean == null ? 0 : bean.getTotalCompilationTime();
    }

    /** Watching from {@code startNs}; a JVM that does not say what its compilers spend is never caught up. */
    static JitWatch start(long startNs) {
        CompilationMXBean bean = ManagementFactory.getCompilationMXBean();
        return new JitWatch(bean != null && bean.isCompilationTimeMonitoringSupported() ? bean : null, startNs);
    }

    /** Whether the JVM says what its compilers spend. */
    boolean watched() {
        return bean != null;
    }

    /** Looks at the window that ended, if one did by {@code nowNs}; whether the JIT has caught up. */
    boolean caughtUp(long nowNs) {
        if (bean == null || caughtUp || nowNs - windowStartNs < WINDOW_NS) {
            return caughtUp;
        }
        long compileMs = bean.getTotalCompilationTime();
        quiet = quiet(compileMs - windowStartCompileMs, nowNs - windowStartNs) ? quiet + 1 : 0;
        caughtUp = quiet >= QUIET_WINDOWS;
        windowStartNs = nowNs;
        windowStartCompileMs = compileMs;
        return caughtUp;
    }

    /** Whether it had caught up at the last look. */
    boolean caughtUp() {
        return caughtUp;
    }

    /** A window of {@code windowNs} in which the compilers spent {@code compileMs} in all. */
    static boolean quiet(long compileMs, long windowNs) {
        return TimeUnit.MILLISECONDS.toNanos(compileMs) <= QUIET_SHARE * windowNs;
    }
}
