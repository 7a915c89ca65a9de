package dev.harness.core.measure;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;

/**
 * G1's Remark and Cleanup pauses, from the JDK's own event stream, for a JVM where no
 * GarbageCollectorMXBean announces them (before JDK 20). Every stop-the-world pause of every
 * collector is a {@code jdk.GCPhasePause} event (name, gcId, start and duration in nanoseconds),
 * one event per pause; {@code jdk.GarbageCollection} sums a whole collection instead, and for a
 * concurrent cycle arrives only when the cycle ends. Only the two names below are handed on: the
 * beans announce every other pause, and a pause must be counted once.
 *
 * <p>What it costs, measured on JDK 17: the first JFR recording in a JVM takes about 1 to 1.5 s to
 * start (later ones a few ms) and commits about 15 MB of native memory for JFR's buffers (NMT
 * "Tracing"), which no API can shrink; with only this one event enabled the recording writes a
 * few hundred bytes a pause to JFR's disk repository, kept at most {@link #KEEP} and
 * {@link #KEEP_BYTES}. One thread reads the stream; JDK 17 has no public way to set its flush
 * interval, so it wakes once a second and an event arrives up to about a second after its pause.
 * JFR's own two daemon threads ("JFR Recorder Thread", "JFR Periodic Tasks") stay for the life of
 * the JVM once any recording has started; the reading thread is gone when {@link #close()} returns.
 */
final class G1ConcurrentPauses implements AutoCloseable {
    static final Set<String> NAMES = Set.of("Pause Remark", "Pause Cleanup");
    static final String EVENT = "jdk.GCPhasePause";
    private static final Duration KEEP = Duration.ofSeconds(10);
    private static final long KEEP_BYTES = 1L << 20;
    /** How long {@link #close()} waits for the reading thread to finish. */
    private static final long CLOSE_WAIT_MS = 5_000;

    private final RecordingStream stream;
    private final CountDownLatch exited = new CountDownLatch(1);
    private volatile Thread closer;
    private volatile Thread reader;

    private G1ConcurrentPauses(RecordingStream stream) {
        this.stream = stream;
    }

    /**
     * Starts reading; each Remark and Cleanup pause goes to {@code pauses}, on the reading thread.
     *
     * @throws IllegalStateException if JFR cannot start in this JVM
     */
    static G1ConcurrentPauses start(Consumer<GcPauses.GcPause> pauses) {
        RecordingStream stream = new RecordingStream();
        G1ConcurrentPauses g = new G1ConcurrentPauses(stream);
        try {
            stream.enable(EVENT).withoutThreshold();
            stream.setMaxAge(KEEP);
            stream.setMaxSize(KEEP_BYTES);
            stream.onEvent(EVENT, e -> {
                GcPauses.GcPause p = pause(e);
                if (p != null) {
                    pauses.accept(p);
                }
            });
            // Close actions run on the closing thread and, as it ends, on the reading thread.
            stream.onClose(() -> {
                if (Thread.currentThread() != g.closer) {
                    g.reader = Thread.currentThread();
                    g.exited.countDown();
                }
            });
            stream.startAsync();
        } catch (RuntimeException e) {
            stream.close();
            throw e;
        }
        return g;
    }

    /** The pause the event records, or null if it is not one this class hands on. */
    static GcPauses.GcPause pause(RecordedEvent e) {
        String name = e.getString("name");
        if (!NAMES.contains(name)) {
            return null;
        }
        return new GcPauses.GcPause(GcPauses.G1_CONCURRENT, name, e.getDuration().toNanos(), e.getEndTime());
    }

    /** Stops the stream and waits (a few seconds at most) for its reading thread to end. */
    @Override
    public void close() {
        closer = Thread.currentThread();
        stream.close();
        try {
            if (exited.await(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS)) {
                Thread t = reader;
                if (t != null && t != closer) {
                    t.join(CLOSE_WAIT_MS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
