package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import javax.jms.JMSException;

import dev.harness.core.Bounded;
import dev.harness.core.jms.Provider;
import dev.harness.core.measure.LatencyRecorder;
import dev.harness.core.run.RunControl;

/** Responders spread over the request queues: in the harness's process, or in harness respond. */
public final class ResponderPool implements AutoCloseable {
    private final List<Responder> responders = new ArrayList<>();
    private final int[][] assignment;
    private final IntFunction<String> requestQueue;
    private final RunControl control;

    /** @param runId the run whose requests are recorded; 0 records every request (harness respond) */
    public ResponderPool(int responders, int queues, String requestPrefix, int syncpoint, int expectedSizeBytes,
            RunControl control, long runId) {
        this(responders, queues, q -> requestPrefix + (q + 1), syncpoint, expectedSizeBytes, control, runId);
    }

    /** Over the request queues {@code requestQueue.apply(0 .. queues - 1)}: a shard's are not numbered 1 .. N. */
    ResponderPool(int responders, int queues, IntFunction<String> requestQueue, int syncpoint, int expectedSizeBytes,
            RunControl control, long runId) {
        this.assignment = Assignments.spread(responders, queues);
        this.requestQueue = requestQueue;
        this.control = control;
        for (int r = 0; r < responders; r++) {
            this.responders.add(new Responder(r, control, syncpoint, expectedSizeBytes, runId));
        }
    }

    /**
     * Subscribes every responder to its request queues.
     *
     * @param reconnectTimeoutNs how long a responder that lost its connection tries to connect again
     *     before the run fails; 0: a lost connection fails it at once
     */
    public void open(Provider provider, long reconnectTimeoutNs) throws JMSException {
        Reconnect reconnect = new Reconnect(provider, control, reconnectTimeoutNs);
        reconnect.start();
        open(provider, reconnect);
    }

    void open(Provider provider, Reconnect reconnect) throws JMSException {
        for (int r = 0; r < responders.size(); r++) {
            String[] queues = new String[assignment[r].length];
            for (int i = 0; i < queues.length; i++) {
                queues[i] = requestQueue.apply(assignment[r][i]);
            }
            responders.get(r).open(provider, queues, reconnect);
        }
    }

    /** --ack outside syncpoint: how the responders' sessions acknowledge their gets; before {@link #open}. */
    public ResponderPool receiving(Receiving receiving) {
        responders.forEach(r -> r.receiving(receiving));
        return this;
    }

    /** Every responder takes {@code ns} over each request before it replies ({@code --consume-delay}); before {@link #start}. */
    public ResponderPool serviceTime(long ns) {
        responders.forEach(r -> r.serviceTime(ns));
        return this;
    }

    public void start(LatencyRecorder recorder) throws JMSException {
        for (Responder r : responders) {
            r.start(recorder);
        }
    }

    public int size() {
        return responders.size();
    }

    /** Whether any responder is between a get and the record of its reply's commit. */
    public boolean busy() {
        return responders.stream().anyMatch(Responder::busy);
    }

    public long handled() {
        return responders.stream().mapToLong(Responder::handled).sum();
    }

    /** Units of work (get and reply) rolled back because a connection was lost. */
    long rolledBack() {
        return responders.stream().mapToLong(Responder::rolledBack).sum();
    }

    /** Redelivered requests answered again outside syncpoint (see {@link Responder#answeredAgain}). */
    public long answeredAgain() {
        return responders.stream().mapToLong(Responder::answeredAgain).sum();
    }

    public long unanswerable() {
        return responders.stream().mapToLong(Responder::unanswerable).sum();
    }

    @Override
    public void close() {
        List<Runnable> closing = new ArrayList<>();
        responders.forEach(r -> closing.add(r::close));
        Bounded.runAll("harness-close", closing, 5_000);
    }
}
