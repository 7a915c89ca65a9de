package dev.harness.core.workload;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.concurrent.locks.LockSupport;

import javax.jms.Connection;
import javax.jms.JMSException;

import dev.harness.core.Format;
import dev.harness.core.jms.Provider;
import dev.harness.core.measure.Outages;
import dev.harness.core.run.RunControl;

/**
 * How a worker comes back after losing its connection: it tries again after 100 ms, doubling
 * the wait up to 1 s (so it is back within a second of its broker), until it is connected or {@code --reconnect-timeout} has passed since the
 * loss (then the run fails, as it does at once when reconnecting is off). Each worker tells the
 * run's {@link Outages} when it is down and when it is back.
 *
 * <p>All of a run's connections go to one broker, so one lost connection is taken as a lost
 * broker: every listener's connection is made again at once. Waiting for each one's own
 * exception listener is not enough: Artemis reports the loss of a connection whose listener
 * is blocked in a call to the dead broker only after waiting 10 s for that call.
 */
final class Reconnect {
    static final long FIRST_BACKOFF_NS = TimeUnit.MILLISECONDS.toNanos(100);
    static final long MAX_BACKOFF_NS = TimeUnit.SECONDS.toNanos(1);
    /**
     * How long one attempt to connect may take once the run is under way. A broker still
     * starting can take the connection and never send Artemis's client its topology: the
     * attempt would hang for the whole call timeout (30 s) while the broker is ready.
     */
    static final long ATTEMPT_NS = TimeUnit.SECONDS.toNanos(5);
    /** Longest single park, so a stop request is seen promptly. */
    private static final long SLICE_NS = TimeUnit.MILLISECONDS.toNanos(50);

    /** Connects and sets up again; on failure, whatever it opened is closed. */
    interface Opener {
        void open() throws JMSException;
    }

    private final Provider provider;
    private final RunControl control;
    private final long timeoutNs;
    /** The run is under way: a lost connection is reconnected (before, it fails the run). */
    private volatile boolean running;
    /** Where outages are told; null where nobody keeps them (harness respond). */
    private volatile Outages outages;
    private final List<ListenerConnection> listeners = new CopyOnWriteArrayList<>();

    /** @param timeoutNs 0: a lost connection fails the run at once */
    Reconnect(Provider provider, RunControl control, long timeoutNs) {
        this.provider = provider;
        this.control = control;
        this.timeoutNs = timeoutNs;
    }

    boolean enabled() {
        return timeoutNs > 0;
    }

    /** Whether connecting again may cure {@code failure}: reconnecting is on and the failure is no refused request. */
    boolean mayCure(Exception failure) {
        return enabled() && provider.reconnectCures(failure);
    }

    void register(ListenerConnection listener) {
        listeners.add(listener);
    }

    /** Some worker lost its connection: every listener connects again (each at most once at a time). */
    void brokerLost(Exception cause) {
        if (enabled()) {
            for (ListenerConnection l : listeners) {
                l.suspect(cause);
            }
        }
    }

    /**
     * A new connection. While the run is under way, an attempt that gets no answer within
     * {@link #ATTEMPT_NS} fails, and its connection is closed if it comes later; before, the
     * provider's own timeouts apply.
     */
    Connection connect() throws JMSException {
        if (!running) {
            return provider.connect();
        }
        CompletableFuture<Connection> attempt = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                attempt.complete(provider.connect());
            } catch (Throwable e) {
                attempt.completeExceptionally(e);
            }
        }, "harness-connect");
        t.setDaemon(true);
        t.start();
        try {
            return attempt.get(ATTEMPT_NS, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            attempt.thenAccept(JmsWork::closeQuietly);
            throw new JMSException("no answer from the broker within " + Format.duration(ATTEMPT_NS));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof JMSException j) {
                throw j;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new JMSException("cannot connect: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JMSException("interrupted while connecting");
        }
    }

    /** Whether a worker that lost its connection at {@code lostNs} has tried for as long as it may. */
    boolean expired(long lostNs) {
        return System.nanoTime() - lostNs >= timeoutNs;
    }

    /** The run is under way, and its outages are told to {@code outages}; before, a loss fails it. */
    void bind(Outages outages) {
        this.outages = outages;
        this.running = true;
    }

    /** The run is under way, and nobody keeps its outages (responders of harness respond). */
    void start() {
        this.running = true;
    }

    /** A worker is down (it will call {@link #back}). */
    void down(long ns) {
        Outages o = outages;
        if (o != null) {
            o.begin(ns);
        }
    }

    /** A worker that was down is back: connected, and for a sender, on schedule. */
    void back(long ns) {
        Outages o = outages;
        if (o != null) {
            o.end(ns);
        }
    }

    /** A sender that fell behind after a reconnect finds its next message not yet due. */
    void caughtUp(long ns) {
        Outages o = outages;
        if (o != null) {
            o.caughtUp(ns);
        }
    }

    /**
     * Tries {@code opener} with backoff until it works (true), the run is stopping (false), or the
     * timeout passes (the run fails with a line naming {@code who}; false). With reconnecting off,
     * fails the run at once.
     */
    boolean reopen(String who, Opener opener, Exception cause, long lostNs) {
        return reopen(who, opener, cause, lostNs, () -> false);
    }

    /** As above; {@code gone} says the worker was closed meanwhile, and trying stops (false). */
    boolean reopen(String who, Opener opener, Exception cause, long lostNs, BooleanSupplier gone) {
        if (!enabled() || !running) {
            if (!control.stopRequested()) {
                control.fail(who + " lost its connection: " + provider.explain(cause));
            }
            return false;
        }
        long deadlineNs = lostNs + timeoutNs;
        long backoffNs = FIRST_BACKOFF_NS;
        Exception last = cause;
        while (true) {
            long wakeNs = Math.min(System.nanoTime() + backoffNs, deadlineNs);
            while (!control.stopRequested() && System.nanoTime() < wakeNs) {
                LockSupport.parkNanos(Math.min(SLICE_NS, wakeNs - System.nanoTime()));
            }
            if (control.stopRequested() || gone.getAsBoolean()) {
                return false;
            }
            try {
                opener.open();
                Outages o = outages;
                if (o != null) {
                    o.reconnected(who, lostNs, System.nanoTime());
                }
                return true;
            } catch (JMSException | RuntimeException e) {
                last = e;
            }
            if (System.nanoTime() >= deadlineNs) {
                control.fail(who + " lost its connection and could not connect again within "
                        + Format.duration(timeoutNs) + " (--reconnect-timeout): " + provider.explain(last));
                return false;
            }
            backoffNs = Math.min(backoffNs * 2, MAX_BACKOFF_NS);
        }
    }
}
