package dev.harness.agent.boot;

/**
 * The static entry points the probe's advice calls from the application's threads. This class and
 * {@link ProbeSink} are appended to the bootstrap class path, so every class loader sees them.
 * Allocation-free (but for one small array per thread, on its first timed call), lock-free and
 * never throwing: with no sink installed a call costs a volatile read.
 *
 * <p>A call made inside another call of the same family (a {@code JMSProducer.send} that calls
 * {@code MessageProducer.send}, an overload that delegates to another) is timed once, at the
 * outer call, with a per-thread depth per family. A send inside {@code onMessage} is still timed:
 * they are different families.
 */
public final class ProbeHooks {
    // Operation codes: the index of each hlog tag in Ops.TAGS.
    public static final int SEND = 0;
    public static final int SEND_SYNCPOINT = 1;
    public static final int COMMIT = 2;
    public static final int ROLLBACK = 3;
    public static final int RECEIVE = 4;
    public static final int ON_MESSAGE = 5;
    public static final int MQ_PUT = 6;
    public static final int MQ_PUT_SYNCPOINT = 7;
    public static final int MQ_GET = 8;
    public static final int MQ_COMMIT = 9;
    public static final int MQ_BACKOUT = 10;

    // Families for the nesting rule.
    public static final int F_SEND = 0;
    public static final int F_TRANSACTION = 1;
    public static final int F_RECEIVE = 2;
    public static final int F_ON_MESSAGE = 3;
    public static final int F_MQ_PUT = 4;
    public static final int F_MQ_GET = 5;
    public static final int F_MQ_TRANSACTION = 6;
    private static final int FAMILIES = 7;

    /** Returned by {@link #enter} when the call is not timed: no probe, or an inner call. */
    public static final long NOT_TIMED = Long.MIN_VALUE;
    private static final long NESTED = Long.MIN_VALUE + 1;

    /** The probe's sink while it runs, else null. */
    public static volatile ProbeSink sink;

    private static final ThreadLocal<int[]> DEPTH = new ThreadLocal<>();

    private ProbeHooks() {
    }

    /** At method entry: the start time, or {@link #NOT_TIMED}/nested marker. */
    public static long enter(int family) {
        try {
            if (sink == null) {
                return NOT_TIMED;
            }
            int[] depth = DEPTH.get();
            if (depth == null) {
                depth = new int[FAMILIES];
                DEPTH.set(depth);
            }
            if (depth[family]++ > 0) {
                return NESTED;
            }
            long now = System.nanoTime();
            return now == 0 || now == NOT_TIMED || now == NESTED ? now + 2 : now; // never a marker
        } catch (Throwable t) {
            return NOT_TIMED;
        }
    }

    /** Closes what {@link #enter} opened; returns the elapsed time, or a negative value when not to record. */
    private static long leave(int family, long start) {
        // 0: the advice's enter threw and was suppressed (the depth was not raised): not timed.
        if (start == NOT_TIMED || start == 0) {
            return -1;
        }
        int[] depth = DEPTH.get();
        if (depth != null && depth[family] > 0) {
            depth[family]--;
        }
        if (start == NESTED) {
            return -1;
        }
        return Math.max(0, System.nanoTime() - start);
    }

    public static void exit(int family, int op, long start, Object self, Throwable thrown) {
        try {
            long nanos = leave(family, start);
            ProbeSink s = sink;
            if (nanos >= 0 && s != null) {
                s.timed(op, nanos, self, thrown);
            }
        } catch (Throwable t) {
            // Never into the application.
        }
    }

    public static void exitSend(long start, Object self, int deliveryMode, Throwable thrown) {
        try {
            long nanos = leave(F_SEND, start);
            ProbeSink s = sink;
            if (nanos >= 0 && s != null) {
                s.send(nanos, self, deliveryMode, thrown);
            }
        } catch (Throwable t) {
            // Never into the application.
        }
    }

    public static void exitReceive(long start, Object message, Throwable thrown) {
        try {
            long nanos = leave(F_RECEIVE, start);
            ProbeSink s = sink;
            if (nanos >= 0 && s != null) {
                s.receive(nanos, message, thrown);
            }
        } catch (Throwable t) {
            // Never into the application.
        }
    }

    public static void exitMqPut(long start, Object a0, Object a1, Object a2, Object a3, Object a4, Object a5,
            Throwable thrown) {
        try {
            long nanos = leave(F_MQ_PUT, start);
            ProbeSink s = sink;
            if (nanos >= 0 && s != null) {
                s.mqPut(nanos, a0, a1, a2, a3, a4, a5, thrown);
            }
        } catch (Throwable t) {
            // Never into the application.
        }
    }
}
