package dev.harness.core.workload;

import java.util.List;
import java.util.concurrent.locks.LockSupport;

import dev.harness.core.measure.Measurement;
import dev.harness.core.run.Delivery;
import dev.harness.core.schedule.Schedule;

/**
 * Each subscription's backlog (copies committed to it and not yet received, by its own ledger) where
 * the measured phase begins and where the schedule ends, looked at once a second on a thread of its
 * own, never on a publisher's or subscriber's. A backlog that grew between the two is one the
 * subscription did not keep up with.
 */
final class BacklogWatch implements AutoCloseable {
    static final long EVERY_NS = 1_000_000_000L;

    private final List<Subscription> subscriptions;
    private final SubscriptionLedgers ledgers;
    private final Measurement measurement;
    private final Schedule schedule;
    private final long[] startBacklog;
    private final long[] startCommitted;
    private final long[] endBacklog;
    private final long[] endCommitted;
    private volatile long startNs = -1;
    private volatile long endNs = -1;
    private volatile boolean closed;

    private BacklogWatch(List<Subscription> subscriptions, SubscriptionLedgers ledgers, Measurement measurement,
            Schedule schedule) {
        this.subscriptions = List.copyOf(subscriptions);
        this.ledgers = ledgers;
        this.measurement = measurement;
        this.schedule = schedule;
        int n = subscriptions.size();
        startBacklog = new long[n];
        startCommitted = new long[n];
        endBacklog = new long[n];
        endCommitted = new long[n];
    }

    static BacklogWatch start(List<Subscription> subscriptions, SubscriptionLedgers ledgers, Measurement measurement,
            Schedule schedule) {
        BacklogWatch w = new BacklogWatch(subscriptions, ledgers, measurement, schedule);
        Thread t = new Thread(w::loop, "harness-backlog-watch");
        t.setDaemon(true);
        t.start();
        return w;
    }

    private void loop() {
        while (!closed) {
            LockSupport.parkNanos(EVERY_NS);
            long now = System.nanoTime();
            if (startNs < 0 && now >= measurement.warmupEndNs()) {
                take(startBacklog, startCommitted);
                startNs = now;
            } else if (startNs >= 0 && now <= schedule.endNs()) {
                take(endBacklog, endCommitted);
                endNs = now;
            } else if (startNs >= 0) {
                return; // the schedule is over: what is left is the drain
            }
        }
    }

    private synchronized void take(long[] backlog, long[] committed) {
        for (int i = 0; i < subscriptions.size(); i++) {
            Subscription s = subscriptions.get(i);
            Delivery d = ledgers.delivery(s.topic(), s.index(), false, 0);
            committed[i] = d.committed();
            backlog[i] = Math.max(0, d.committed() - d.received());
        }
    }

    /** How long between the two looks; 0 when there were not two (a run shorter than two seconds measured). */
    long spanNs() {
        return startNs >= 0 && endNs > startNs ? endNs - startNs : 0;
    }

    /** Subscription {@code i}'s backlog growth over the span: copies; 0 without a span. */
    synchronized long growth(int i) {
        return spanNs() == 0 ? 0 : endBacklog[i] - startBacklog[i];
    }

    /** Copies committed to subscription {@code i} over the span. */
    synchronized long published(int i) {
        return spanNs() == 0 ? 0 : endCommitted[i] - startCommitted[i];
    }

    @Override
    public void close() {
        closed = true;
    }
}
