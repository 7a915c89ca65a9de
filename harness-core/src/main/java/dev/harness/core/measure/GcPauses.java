package dev.harness.core.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import org.HdrHistogram.Histogram;

import com.sun.management.GarbageCollectionNotificationInfo;

/**
 * The stop-the-world pauses of this JVM: the time paused per interval, each pause's length, and
 * the longest pauses of the run with when they ended.
 *
 * <p>Most come from the garbage collectors' own announcements (GarbageCollectorMXBean
 * notifications), which arrive within milliseconds of the pause, so a pause lands in the interval
 * it ended in. They are in whole milliseconds: a pause under 1 ms counts, with length 0. The
 * concurrent cycles ZGC and Shenandoah report ("... Cycles") are not pauses and are left out.
 *
 * <p>G1's concurrent cycle stops the world twice, for Remark and Cleanup, and before JDK 20 no
 * bean announces those (JDK 20 added "G1 Concurrent GC", which does). On such a JVM, G1 with no
 * "G1 Concurrent GC" bean, {@link G1ConcurrentPauses} takes those two from the JDK's own event
 * stream (JFR's {@code jdk.GCPhasePause}) instead, in nanoseconds, as collector "G1 Concurrent GC"
 * with the pause's name ("Pause Remark", "Pause Cleanup") as its cause. Each pause has exactly
 * one source: the stream hands over only those two names, which no bean reports there. The stream
 * delivers once a second, so these two can show in the interval after the one they ended in.
 * Where JFR cannot start (a runtime without jdk.jfr, a JVM that refuses it), they go uncounted.
 */
public final class GcPauses implements AutoCloseable {
    /** How many of the longest pauses the summary keeps. */
    public static final int KEEP_LONGEST = 5;

    /** One stop-the-world pause: a whole collection, or one of G1's Remark and Cleanup. */
    public record GcPause(String collector, String cause, long lengthNs, Instant end) {
    }

    /** The name of the bean that announces G1's Remark and Cleanup pauses, from JDK 20 on. */
    static final String G1_CONCURRENT = "G1 Concurrent GC";

    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private G1ConcurrentPauses g1Concurrent;
    private final Consumer<GcPause> seen;
    private final NotificationListener listener = this::onNotification;
    private final long jvmStartEpochMs = ManagementFactory.getRuntimeMXBean().getStartTime();

    // Written by the JMX notification thread and JFR's reading thread, read by the interval thread.
    private long intervalNs;
    private int intervalCount;
    private long totalNs;
    private long totalCount;
    private final List<GcPause> longest = new ArrayList<>();
    private Histogram intervalLengths = Histograms.create();
    private Histogram takenLengths = Histograms.create();

    /** Listening to nothing: tests record pauses themselves. */
    GcPauses() {
        this(p -> {
        });
    }

    private GcPauses(Consumer<GcPause> seen) {
        this.seen = seen;
    }

    public static GcPauses start() {
        return start(p -> {
        });
    }

    /** As {@link #start()}, also handing each pause counted to {@code seen} (on the thread that counts it). */
    static GcPauses start(Consumer<GcPause> seen) {
        GcPauses g = new GcPauses(seen);
        boolean g1 = false;
        boolean g1Concurrent = false;
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            g1 |= bean.getName().startsWith("G1 ");
            g1Concurrent |= bean.getName().equals(G1_CONCURRENT);
            if (bean instanceof NotificationEmitter e) {
                e.addNotificationListener(g.listener, null, null);
                g.emitters.add(e);
            }
        }
        if (g1 && !g1Concurrent) {
            g.g1Concurrent = startG1Concurrent(g);
        }
        return g;
    }

    /** Whether this JVM has begun to shut down: a shutdown hook can no longer be added. */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /** The stream of G1's Remark and Cleanup pauses, or null where JFR is not to be had. */
    private static G1ConcurrentPauses startG1Concurrent(GcPauses g) {
        if (shuttingDown()) {
            // Ctrl-C landed as a run starts (a sweep's or ab's next one): JFR is stopping with the JVM,
            // and a recording begun now can wait on it for good. That run is only stopping anyway.
            return null;
        }
        try {
            return G1ConcurrentPauses.start(g::record);
        } catch (LinkageError | RuntimeException noJfr) {
            // No jdk.jfr in this runtime (NoClassDefFoundError), or JFR refused to start
            // (IllegalStateException, SecurityException): those pauses go uncounted, as the
            // class comment says, and every other pause is counted as before.
            return null;
        }
    }

    private void onNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        if (isConcurrent(info.getGcName(), info.getGcAction())) {
            return;
        }
        long lengthNs = info.getGcInfo().getDuration() * 1_000_000L;
        Instant end = Instant.ofEpochMilli(jvmStartEpochMs + info.getGcInfo().getEndTime());
        record(new GcPause(info.getGcName(), info.getGcCause(), lengthNs, end));
    }

    static boolean isConcurrent(String collector, String action) {
        return collector.contains("Cycles") || action.contains("cycle");
    }

    synchronized void record(GcPause pause) {
        intervalNs += pause.lengthNs();
        intervalCount++;
        intervalLengths.recordValue(Histograms.clamp(pause.lengthNs()));
        totalNs += pause.lengthNs();
        totalCount++;
        longest.add(pause);
        longest.sort(Comparator.comparingLong(GcPause::lengthNs).reversed());
        if (longest.size() > KEEP_LONGEST) {
            longest.remove(longest.size() - 1);
        }
        seen.accept(pause);
    }

    /**
     * The collections that ended since the last call: how many, the time paused, and each one's
     * length. The histogram is recycled by the next call: read it, never keep it.
     */
    public synchronized Interval takeInterval() {
        Histogram taken = intervalLengths;
        intervalLengths = takenLengths;
        intervalLengths.reset();
        takenLengths = taken;
        Interval i = new Interval(intervalCount, intervalNs, taken);
        intervalCount = 0;
        intervalNs = 0;
        return i;
    }

    public record Interval(int count, long pausedNs, Histogram lengths) {
    }

    /** Forgets every pause so far: those before the schedule's start are no part of the run. */
    public synchronized void forget() {
        takeInterval();
        totalNs = 0;
        totalCount = 0;
        longest.clear();
    }

    public synchronized long totalCount() {
        return totalCount;
    }

    public synchronized long totalNs() {
        return totalNs;
    }

    /** The longest pauses of the run, longest first. */
    public synchronized List<GcPause> longest() {
        return List.copyOf(longest);
    }

    @Override
    public void close() {
        if (g1Concurrent != null) {
            g1Concurrent.close();
        }
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(listener);
            } catch (ListenerNotFoundException ignored) {
                // Never added to this one; nothing to undo.
            }
        }
    }
}
