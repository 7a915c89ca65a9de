package dev.harness.agent.probe;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import dev.harness.agent.boot.ProbeHooks;
import dev.harness.agent.boot.ProbeSink;

/**
 * The probe's sink: one wait-free HdrHistogram {@link Recorder} per operation for every call,
 * returned or thrown, one per operation for those that threw (counted apart as well), one for
 * receives that returned no message; the pause-corrected view of the operation's calls; the count
 * of persistent, non-persistent and unknown sends per send tag; the kinds of errors. A call that
 * threw is the operation's too: a send that blocked 30 s and then failed held the application 30 s,
 * and an operation's max and percentiles that left it out would hide the worst the application
 * met. Nothing on this path allocates, locks or builds a string: what the application's objects
 * say is read through method handles cached per class, and names are worked out on the shipper's
 * thread.
 */
final class Recorders extends ProbeSink {
    /** One hour in ns: anything longer is recorded as one hour, never thrown on the caller. */
    static final long HIGHEST_NS = 3_600_000_000_000L;
    /** Two significant digits keep each histogram at tens of KB in someone else's heap. */
    static final int DIGITS = 2;

    /** Every call of each operation, whether it returned or threw: the operation's timings. */
    final Recorder[] calls = new Recorder[Ops.COUNT];
    /** Of those, the calls that threw. */
    final Recorder[] failed = new Recorder[Ops.COUNT];
    final Recorder empty = recorder();
    final ErrorKinds errorKinds = new ErrorKinds();
    /** Per operation, sends that returned: [op * 3 + Producers mode] (unknown, non-persistent, persistent). */
    private final AtomicLongArray delivery = new AtomicLongArray(Ops.COUNT * 3);
    /** Null in tests that look at the raw view only. */
    private final PauseCorrection corrected;
    /**
     * The first error met reading what a producer or an MQ call says (syncpoint, delivery mode),
     * for the shipper to say once; such a call is still timed, as outside syncpoint, mode not said.
     * Racy by design: any one of them will do, and the throwable exists already.
     */
    volatile Throwable unreadable;

    Recorders() {
        this(null);
    }

    Recorders(PauseCorrection corrected) {
        this.corrected = corrected;
        for (int i = 0; i < Ops.COUNT; i++) {
            calls[i] = recorder();
            failed[i] = recorder();
        }
    }

    static Recorder recorder() {
        return new Recorder(1, HIGHEST_NS, DIGITS);
    }

    /** An empty histogram shaped as the recorders' (to recycle). */
    static Histogram histogram() {
        return new Histogram(1, HIGHEST_NS, DIGITS);
    }

    @Override
    public void timed(int op, long nanos, Object self, Throwable thrown) {
        record(op, nanos, thrown);
    }

    @Override
    public void send(long nanos, Object self, int deliveryMode, Throwable thrown) {
        int op = ProbeHooks.SEND;
        try {
            op = Producers.transacted(self, thrown == null) ? ProbeHooks.SEND_SYNCPOINT : ProbeHooks.SEND;
        } catch (Throwable e) {
            unreadable(e); // Producers did not initialise (a relocated copy with clashing names, say)
        }
        record(op, nanos, thrown);
        if (thrown == null) {
            int mode = Producers.UNKNOWN;
            try {
                mode = Producers.deliveryMode(self, deliveryMode);
            } catch (Throwable e) {
                unreadable(e);
            }
            delivery.incrementAndGet(op * 3 + mode);
        }
    }

    private void unreadable(Throwable e) {
        if (unreadable == null) {
            unreadable = e;
        }
    }

    @Override
    public void receive(long nanos, Object message, Throwable thrown) {
        if (thrown == null && message == null) {
            empty.recordValue(Math.min(nanos, HIGHEST_NS));
        } else {
            record(ProbeHooks.RECEIVE, nanos, thrown);
        }
    }

    @Override
    public void mqPut(long nanos, Object a0, Object a1, Object a2, Object a3, Object a4, Object a5, Throwable thrown) {
        int op = ProbeHooks.MQ_PUT;
        try {
            boolean syncpoint = Mq.syncpoint(a1) || Mq.syncpoint(a2) || Mq.syncpoint(a3) || Mq.syncpoint(a4)
                    || Mq.syncpoint(a5);
            op = syncpoint ? ProbeHooks.MQ_PUT_SYNCPOINT : ProbeHooks.MQ_PUT;
        } catch (Throwable e) {
            unreadable(e);
        }
        record(op, nanos, thrown);
        if (thrown == null) {
            int mode = Producers.UNKNOWN;
            try {
                mode = Mq.persistence(a0);
                mode = mode >= 0 ? mode : Mq.persistence(a1);
                mode = mode >= 0 ? mode : Mq.persistence(a2);
                mode = mode >= 0 ? mode : Mq.persistence(a3);
                mode = mode >= 0 ? mode : Mq.persistence(a4); // MQQueueManager.put(int, String, String, String, MQMessage, ...)
            } catch (Throwable e) {
                unreadable(e);
            }
            delivery.incrementAndGet(op * 3 + Math.max(mode, Producers.UNKNOWN));
        }
    }

    /** Every call into the operation's timings and its rate; one that threw is counted apart as well. */
    private void record(int op, long nanos, Throwable thrown) {
        long v = Math.min(nanos, HIGHEST_NS);
        calls[op].recordValue(v);
        if (corrected != null) {
            corrected.record(op);
        }
        if (thrown != null) {
            failed[op].recordValue(v);
            errorKinds.count(op, thrown);
        }
    }

    /** The error kinds so far, "tag kind" to count, sorted. On the shipper's thread. */
    Map<String, Long> errorKinds() {
        return errorKinds.snapshot();
    }

    /** Sends of {@code op} that returned so far: {unknown, non-persistent, persistent}. */
    long[] delivery(int op) {
        return new long[] {delivery.get(op * 3), delivery.get(op * 3 + 1), delivery.get(op * 3 + 2)};
    }
}
