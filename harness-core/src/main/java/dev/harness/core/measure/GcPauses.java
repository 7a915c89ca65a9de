package dev.harness.core.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import org.HdrHistogram.Histogram;

import com.sun.management.GarbageCollectionNotificationInfo;

/**
 * The stop-the-world collections of this JVM, as its garbage collectors announce them
 * (GarbageCollectorMXBean notifications): the time paused per interval, and the longest pauses
 * of the run with when they ended. The concurrent cycles ZGC and Shenandoah report ("... Cycles")
 * are not pauses and are left out; G1's "Concurrent GC" bean reports its Remark and Cleanup
 * pauses, which are. The collectors report whole milliseconds, so a pause under 1 ms counts 0.
 */
public final class GcPauses implements AutoCloseable {
    /** How many of the longest pauses the summary keeps. */
    public static final int KEEP_LONGEST = 5;

    /** One collection that stopped the JVM. */
    public record GcPause(String collector, String cause, long lengthNs, Instant end) {
    }

    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::onNotification;
    private final long jvmStartEpochMs = ManagementFactory.getRuntimeMXBean().getStartTime();

    // Written by the JMX notification thread, read by the interval thread.
    private long intervalNs;
    private int intervalCount;
    private long totalNs;
    private long totalCount;
    private final List<GcPause> longest = new ArrayList<>();
    private Histogram intervalLengths = Histograms.create();
    private Histogram takenLengths = Histograms.create();

    /** Listening to nothing: tests record pauses themselves. */
    GcPauses() {
    }

    public static GcPauses start() {
        GcPauses g = new GcPauses();
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (bean instanceof NotificationEmitter e) {
                e.addNotificationListener(g.listener, null, null);
                g.emitters.add(e);
            }
        }
        return g;
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
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(listener);
            } catch (ListenerNotFoundException ignored) {
                // Never added to this one; nothing to undo.
            }
        }
    }
}
