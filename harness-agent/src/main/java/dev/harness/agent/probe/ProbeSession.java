package dev.harness.agent.probe;

import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.Set;
import java.util.TreeSet;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import dev.harness.agent.SystemProperties;
import dev.harness.agent.boot.ProbeHooks;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

/**
 * One probe of this JVM, from start to end: installs the sink and the instrumentation, ships the
 * recorders' interval histograms (and the pause-corrected view's) once a second, or once per
 * interval when that is shorter, from a daemon thread of its own, and at the end
 * (the probe said stop or went away, or this JVM exits) removes the sink and the instrumentation,
 * retransforming the classes back to their original bytes. Only one at a time; a later probe of
 * the same JVM starts a new one on the classes the first left as found.
 */
final class ProbeSession {
    static final String STATUS_PROPERTY = "harness.probe.status";
    /**
     * The outcome of the latest attach, "TOKEN outcome": a second probe refused as busy reads
     * its answer here while the first's {@link #STATUS_PROPERTY} stays as it was.
     */
    static final String ATTACH_PROPERTY = "harness.probe.attach";
    /** 10 ms, as the pause detector's resolution: 100 wake-ups a second, whose CPU the session reports. */
    static final long HICCUP_SLEEP_MS = 10;
    /** How long this JVM's exit waits for the probe's last word over the wire: a stopped harness probe must not hold it. */
    static final long LAST_WORD_MS = 1_000;
    /** The same to the files of a probe from this JVM's start, whose summary is written last: no peer can stop reading. */
    static final long LAST_FILES_MS = 5_000;

    private static ProbeSession current;

    private final Instrumentation inst;
    private final Output output;
    private final long shipMs;
    private final PauseCorrection corrected;
    final Recorders recorders; // package-private for tests, which play the application's calls into it
    private final Instrumenter.Seen seen = new Instrumenter.Seen();
    private final Histogram[] spareCalls = new Histogram[Ops.COUNT];
    private final Histogram[] spareFailed = new Histogram[Ops.COUNT];
    private final Histogram[] spareCorrected = new Histogram[Ops.COUNT];
    private final long[][] deliveryShipped = new long[Ops.COUNT][];
    private final long startNs = System.nanoTime();
    private Thread meter;
    private Histogram spareEmpty;
    private Histogram spareHiccup;
    /** How late a thread that sleeps {@link #HICCUP_SLEEP_MS} wakes: this JVM's pauses, as jHiccup sees them. */
    private final Recorder hiccups = Recorders.recorder();
    private ResettableClassFileTransformer transformer;
    private Thread shipper;
    private Thread hook;
    private volatile boolean ended;
    private long intervalStartMs;
    private final Set<String> announced = new TreeSet<>();
    private Map<String, Long> kindsShipped = Map.of();
    private boolean unreadableSaid;

    /** Package-private for tests, which pass no Instrumentation and stop with {@code restore} false. */
    ProbeSession(Instrumentation inst, Output output, long shipMs, PauseCorrection corrected) {
        this.inst = inst;
        this.output = output;
        this.shipMs = shipMs;
        this.corrected = corrected;
        this.recorders = new Recorders(corrected.active() ? corrected : null);
        for (int op = 0; op < Ops.COUNT; op++) {
            spareCorrected[op] = Recorders.histogram();
        }
    }


    /** Starts a probe; null once started, else why not (one line). Never throws. */
    static synchronized String start(ProbeOptions options, Instrumentation inst) {
        if (current != null) {
            return "busy: this JVM is being probed already (by another harness probe or -javaagent probe)";
        }
        long startMs = System.currentTimeMillis();
        Output output;
        try {
            output = options.streams() ? new Output.Wire(options.port(), options.token())
                    : new Output.Files(options, startMs, "harness probe of process " + ProcessHandle.current().pid()
                            + " (" + command() + ")");
        } catch (Exception e) {
            return options.streams() ? "cannot connect back to harness probe on 127.0.0.1:" + options.port() + " (" + e + ")"
                    : "hlog=" + options.hlog() + " or table=" + options.table() + ": cannot write (" + e.getMessage() + ")";
        }
        ProbeSession s = new ProbeSession(inst, output, ProbeOptions.shipMs(options.intervalMs()), PauseCorrection.start());
        try {
            s.intervalStartMs = startMs;
            // The rate estimate's first sample: no calls yet, the time watched begins here.
            s.corrected.tick(System.nanoTime());
            ProbeHooks.sink = s.recorders;
            s.transformer = Instrumenter.install(inst, s.seen);
        } catch (Throwable e) {
            ProbeHooks.sink = null;
            if (s.transformer != null) {
                s.transformer.reset(inst, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
            }
            s.corrected.stop();
            output.end("the probe could not instrument this JVM: " + e);
            return "could not instrument (" + e + ")";
        }
        current = s;
        s.shipper = new Thread(s::ship, "harness-probe-shipper");
        s.shipper.setDaemon(true);
        s.shipper.start();
        s.meter = new Thread(s::meterHiccups, "harness-probe-hiccups");
        s.meter.setDaemon(true);
        s.meter.start();
        if (output instanceof Output.Wire wire) {
            Thread watcher = new Thread(() -> s.stop(wire.awaitStop(), true), "harness-probe-watcher");
            watcher.setDaemon(true);
            watcher.start();
        }
        s.hook = new Thread(() -> s.stop("the probed JVM is exiting", false), "harness-probe-exit");
        try {
            Runtime.getRuntime().addShutdownHook(s.hook);
        } catch (RuntimeException e) {
            // Already exiting, or a security manager that forbids it: the probe ends with its harness probe.
        }
        SystemProperties.set(STATUS_PROPERTY, "running");
        return null;
    }

    private static String command() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    private void ship() {
        try {
            announce();
            if (corrected.note != null) {
                output.message(corrected.note);
            }
            if (seen.instrumented.isEmpty()) {
                output.message("no messaging classes loaded yet (JMS, Jakarta Messaging, MQ classes for Java);"
                        + " watching for them");
                output.flush();
            }
            while (!ended) {
                long next = intervalStartMs + shipMs;
                long wait;
                while (!ended && (wait = next - System.currentTimeMillis()) > 0) {
                    Thread.sleep(Math.min(wait, 100));
                }
                if (ended) {
                    break;
                }
                shipOnce();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            stop("could not ship to harness probe (" + e + ")", true);
        }
    }

    /** jHiccup's way: park for the resolution, record how late the thread woke. */
    private void meterHiccups() {
        long sleepNs = HICCUP_SLEEP_MS * 1_000_000L;
        while (!ended) {
            long t0 = System.nanoTime();
            LockSupport.parkNanos(sleepNs);
            // Early wake-ups (parkNanos may return spuriously) are recorded as no hiccup.
            hiccups.recordValue(Math.min(Recorders.HIGHEST_NS, Math.max(0, System.nanoTime() - t0 - sleepNs)));
        }
    }

    /**
     * What the probe's own threads cost this JVM so far: CPU ns of all of them (the pause
     * detector's, the hiccup meter, the shipper), of the pause detector's, of the hiccup meter;
     * null where the JVM does not measure thread CPU time.
     */
    private long[] cpu() {
        try {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            if (!mx.isThreadCpuTimeSupported() || !mx.isThreadCpuTimeEnabled()) {
                return null;
            }
            long detector = 0;
            for (Thread t : corrected.detectorThreads()) {
                detector += Math.max(0, mx.getThreadCpuTime(t.getId()));
            }
            long meterNs = meter == null ? 0 : Math.max(0, mx.getThreadCpuTime(meter.getId()));
            long shipperNs = shipper == null ? 0 : Math.max(0, mx.getThreadCpuTime(shipper.getId()));
            return new long[] {detector + meterNs + shipperNs, detector, meterNs};
        } catch (Throwable e) {
            return null;
        }
    }

    private void announce() throws java.io.IOException {
        Set<String> now = new TreeSet<>(seen.instrumented);
        now.removeAll(announced);
        if (!now.isEmpty()) {
            announced.addAll(now);
            output.message("instrumented " + now.size() + " class" + (now.size() == 1 ? "" : "es") + ": "
                    + String.join(", ", now));
        }
        if (seen.errors.get() > 0 && seen.lastError != null) {
            output.message("could not instrument " + seen.errors.get() + " class(es), last " + seen.lastError);
            seen.lastError = null;
        }
        Throwable unreadable = recorders.unreadable;
        if (unreadable != null && !unreadableSaid) {
            unreadableSaid = true;
            Throwable cause = unreadable.getCause();
            output.message("could not read whether calls are inside syncpoint or persistent (" + unreadable
                    + (cause == null ? "" : ", caused by " + cause) + "): they are timed, as outside syncpoint, their"
                    + " delivery mode not said");
        }
    }

    /** One interval: every recorder's histogram since the last ship. Only on the shipper or at the end. */
    synchronized void shipOnce() throws java.io.IOException {
        long end = System.currentTimeMillis();
        long start = intervalStartMs;
        intervalStartMs = end;
        announce();
        for (int op = 0; op < Ops.COUNT; op++) {
            spareCalls[op] = take(recorders.calls[op], spareCalls[op], "calls", Ops.TAGS.get(op), start, end);
            spareFailed[op] = take(recorders.failed[op], spareFailed[op], "failed", Ops.TAGS.get(op), start, end);
        }
        spareEmpty = take(recorders.empty, spareEmpty, "empty", "receive", start, end);
        spareHiccup = take(hiccups, spareHiccup, "pause", "hiccup", start, end);
        if (corrected.active()) {
            corrected.tick(System.nanoTime());
            for (int op = 0; op < Ops.COUNT; op++) {
                // The calls of this interval (as shipped above) plus the pauses' corrections.
                Histogram corrections = corrected.corrections(op);
                if (spareCalls[op].getTotalCount() + corrections.getTotalCount() > 0) {
                    spareCorrected[op].reset();
                    spareCorrected[op].add(spareCalls[op]);
                    spareCorrected[op].add(corrections);
                    output.interval("corrected", Ops.TAGS.get(op), start, end, spareCorrected[op]);
                }
            }
        }
        for (int op : new int[] {ProbeHooks.SEND, ProbeHooks.SEND_SYNCPOINT, ProbeHooks.MQ_PUT, ProbeHooks.MQ_PUT_SYNCPOINT}) {
            long[] d = recorders.delivery(op);
            if (!Arrays.equals(d, deliveryShipped[op]) && (d[0] + d[1] + d[2]) > 0) {
                output.delivery(Ops.TAGS.get(op), d[2], d[1], d[0]);
                deliveryShipped[op] = d;
            }
        }
        Map<String, Long> kinds = recorders.errorKinds();
        if (!kinds.equals(kindsShipped)) {
            output.errorKinds(kinds);
            kindsShipped = kinds;
        }
        output.flush();
    }

    private Histogram take(Recorder r, Histogram spare, String outcome, String tag, long start, long end)
            throws java.io.IOException {
        Histogram h = spare == null ? r.getIntervalHistogram() : r.getIntervalHistogram(spare);
        if (h.getTotalCount() > 0) {
            output.interval(outcome, tag, start, end, h);
        }
        return h;
    }

    /**
     * Ends the probe once: stops recording, ships what is left, removes the instrumentation
     * (unless this JVM is exiting: then nothing runs on), stops the pause-corrected view and its
     * detector, reports what the probe's threads cost, and says why. On the exit hook
     * ({@code restore} false, the host's thread) it never waits on the shipper, which may hold
     * the session blocked in a write to a probe that stopped reading: the last word goes on a
     * daemon thread of its own, waited for {@link #LAST_WORD_MS} at most, then the output is
     * closed under it.
     */
    void stop(String reason, boolean restore) {
        long[] cpu;
        long wallNs;
        synchronized (ProbeSession.class) {
            if (ended) {
                return;
            }
            cpu = cpu(); // while the meter and the detector still run: a dead thread has no CPU time to read
            wallNs = System.nanoTime() - startNs; // with the CPU time, over the same span
            ended = true;
        }
        ProbeHooks.sink = null;
        String removed = "";
        if (restore) {
            try {
                int n = seen.instrumented.size();
                // reset says false when the transformer was no longer registered: nothing was retransformed.
                removed = transformer.reset(inst, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                        ? "; removed the instrumentation from " + n + " class" + (n == 1 ? "" : "es")
                        : "; could not remove the instrumentation (its transformer was no longer registered)";
            } catch (Throwable e) {
                removed = "; could not remove the instrumentation (" + e + ")";
            }
            try {
                if (hook != null) {
                    Runtime.getRuntime().removeShutdownHook(hook);
                }
            } catch (RuntimeException e) {
                // Exiting, or a security manager that forbids it: the hook finds the probe ended.
            }
            lastWord(reason + removed, cpu, wallNs); // on the probe's own thread (watcher, shipper)
            return;
        }
        String why = reason;
        Thread last = new Thread(() -> lastWord(why, cpu, wallNs), "harness-probe-last-word");
        last.setDaemon(true);
        try {
            last.start();
            last.join(output instanceof Output.Wire ? LAST_WORD_MS : LAST_FILES_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            // No thread to be had: the exit goes on without the last word.
        }
        if (last.isAlive()) {
            output.abort();
        }
    }

    private void lastWord(String why, long[] cpu, long wallNs) {
        try {
            shipOnce();
            if (cpu != null) {
                output.cost(cpu[0], wallNs, cpu[1], cpu[2]);
            }
        } catch (Exception e) {
            // The probe is gone: what is left has nowhere to go.
        }
        corrected.stop();
        if (meter != null) {
            LockSupport.unpark(meter);
        }
        output.end(why);
        SystemProperties.set(STATUS_PROPERTY, "ended: " + why);
        synchronized (ProbeSession.class) {
            if (current == this) {
                current = null;
            }
        }
    }
}
