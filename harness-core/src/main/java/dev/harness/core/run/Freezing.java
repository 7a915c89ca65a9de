package dev.harness.core.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import dev.harness.core.disturbance.FreezePlan;
import dev.harness.core.disturbance.Freezer;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.jms.Errors;

/**
 * A {@link FreezePlan} carried out on a thread of its own while the run goes on: each stop at its
 * time, its real start and length measured here, around the freezer's calls ({@link Stop#timed}).
 * A stop ends early when the run stops or ends; the broker is always let go on before the thread
 * ends, and {@link #close} waits for that.
 */
public final class Freezing implements AutoCloseable {
    private static final long POLL_NS = TimeUnit.MILLISECONDS.toNanos(10);
    /** How long close waits for a thaw under way: the freezer's commands are bounded by half a minute. */
    private static final long JOIN_MS = TimeUnit.SECONDS.toMillis(65);

    private final Freezer freezer;
    private final FreezePlan plan;
    private final long originNs;
    private final RunControl control;
    private final Consumer<Stop> done;
    private final List<Stop> stops = new ArrayList<>();
    private final Thread thread;
    private volatile boolean ending;

    private Freezing(Freezer freezer, FreezePlan plan, long originNs, RunControl control, Consumer<Stop> done) {
        this.freezer = freezer;
        this.plan = plan;
        this.originNs = originNs;
        this.control = control;
        this.done = done;
        this.thread = new Thread(this::carryOut, "harness-broker-freezer");
        thread.setDaemon(true);
    }

    /**
     * Starts the plan's stops, timed from {@code originNs} (the schedule's start); {@code done}
     * hears of each stop once the broker goes on again. A freezer that fails fails the run.
     */
    public static Freezing start(Freezer freezer, FreezePlan plan, long originNs, RunControl control, Consumer<Stop> done) {
        Freezing f = new Freezing(freezer, plan, originNs, control, done);
        f.thread.start();
        return f;
    }

    private void carryOut() {
        for (FreezePlan.Planned p : plan.stops()) {
            if (!sleepUntil(originNs + p.atNs())) {
                return;
            }
            long stopCalled = System.nanoTime();
            long stopped;
            try {
                freezer.freeze();
                stopped = System.nanoTime();
            } catch (Exception e) {
                thawAfterFailure();
                control.fail("--freeze-at: the broker could not be stopped: " + Errors.oneLine(e));
                return;
            }
            sleepUntil(stopped + p.forNs()); // cut short when the run stops: the thaw comes all the same
            long resumeCalled = System.nanoTime();
            try {
                freezer.thaw();
            } catch (Exception e) {
                control.fail("--freeze-at: the broker could not be let go on: " + Errors.oneLine(e));
                return;
            }
            Stop stop = Stop.timed(originNs, stopCalled, stopped, resumeCalled, System.nanoTime());
            synchronized (stops) {
                stops.add(stop);
            }
            done.accept(stop);
        }
    }

    private void thawAfterFailure() {
        try {
            freezer.thaw();
        } catch (Exception e) {
            // The freeze failed first: that is the failure said; close tries once more.
        }
    }

    /** False when the run stopped or ended first. */
    private boolean sleepUntil(long ns) {
        while (!ending && !control.stopRequested()) {
            long left = ns - System.nanoTime();
            if (left <= 0) {
                return true;
            }
            LockSupport.parkNanos(Math.min(left, POLL_NS));
        }
        return false;
    }

    /** The stops made so far, in order. */
    public List<Stop> stops() {
        synchronized (stops) {
            return List.copyOf(stops);
        }
    }

    /** Ends the plan (a stop under way ends now), waits for the broker to go on, and closes the freezer. */
    @Override
    public void close() {
        ending = true;
        try {
            thread.join(JOIN_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            freezer.close();
        }
    }
}
