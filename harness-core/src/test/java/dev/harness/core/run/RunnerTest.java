package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.harness.core.Setting;
import dev.harness.core.SettingsException;
import dev.harness.core.WorkloadKind;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.StandInProvider;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Measurement;
import dev.harness.core.measure.View;
import dev.harness.core.report.ConsoleReporter;
import dev.harness.core.report.HlogReporter;
import dev.harness.core.schedule.Pacer;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.Warmup;

/**
 * The runner's end-of-run rules, with a workload that needs no broker: it "sends" on the
 * schedule and completes what the test tells it to.
 */
class RunnerTest {
    private static final long MS = 1_000_000L;

    @Test
    @Timeout(30)
    void aRunThatCatchesUpEndsWithEverythingCounted() throws Exception {
        FakeWorkload w = new FakeWorkload(100, 300 * MS, 5_000 * MS, 0, Long.MAX_VALUE);
        RunSummary s = run(w, new RunControl());
        assertNull(s.ending().stopReason());
        assertEquals(30, s.counts().committed());
        assertEquals(30, s.counts().completed());
        assertEquals(0, s.counts().unsent());
    }

    @Test
    @Timeout(30)
    void aMessageThatNeverCompletesDoesNotStretchTheMeasuredPhase() throws Exception {
        // The last message is never completed: the run waits the drain timeout for it in vain.
        FakeWorkload w = new FakeWorkload(100, 300 * MS, 1_000 * MS, 0, 29);
        RunSummary s = run(w, new RunControl());
        assertEquals(29, s.counts().completed());
        assertTrue(s.throughput().measuredSeconds() < 0.6,
                "measured phase ran to the deadline: " + s.throughput().measuredSeconds());
        assertTrue(s.throughput().achievedRate() > 50, "achieved " + s.throughput().achievedRate());
    }

    @Test
    @Timeout(30)
    void aSystemThatCannotKeepUpIsStoppedAfterTheDrainTimeout() throws Exception {
        // 100/s asked, each send takes 50 ms: 30 messages would take 1.5 s.
        FakeWorkload w = new FakeWorkload(100, 300 * MS, 200 * MS, 50 * MS, Long.MAX_VALUE);
        RunSummary s = run(w, new RunControl());
        assertTrue(s.ending().stopReason() != null && s.ending().stopReason().contains("could not keep up"), s.ending().stopReason());
        assertTrue(s.counts().unsent() > 0, "unsent " + s.counts().unsent());
        assertEquals(30, s.counts().unsent() + w.sendsReturned());
    }

    @Test
    @Timeout(30)
    void aSenderStuckInASendDoesNotHangAStoppedRun() throws Exception {
        FakeWorkload w = new FakeWorkload(100, 10_000 * MS, 1_000 * MS, 0, Long.MAX_VALUE);
        w.stuckAfter = 5;
        RunControl control = new RunControl();
        Thread stopper = new Thread(() -> {
            try {
                w.stuck.await();
            } catch (InterruptedException e) {
                return;
            }
            control.requestStop("test stop");
        });
        stopper.start();
        RunSummary s = run(w, control);
        assertEquals("test stop", s.ending().stopReason());
        assertEquals(5, s.counts().committed());
    }

    @Test
    @Timeout(60)
    void intervalsAreCutOnTimeWhileTheHlogWriterIsBlocked() throws Exception {
        long intervalNs = 500 * MS;
        // An hlog written into a pipe that nobody reads for the first 3 s: its small buffer is
        // full with the header, so the writer blocks at once.
        PipedInputStream pipeIn = new PipedInputStream(64);
        PipedOutputStream pipeOut = new PipedOutputStream(pipeIn);
        ByteArrayOutputStream hlogBytes = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> {
            try {
                Thread.sleep(3_000);
                pipeIn.transferTo(hlogBytes);
            } catch (InterruptedException | IOException e) {
                // the assertions on the hlog fail
            }
        }, "late-hlog-reader");
        reader.start();
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        List<IntervalSnapshot> snapshots = Collections.synchronizedList(new ArrayList<>());
        RunListener recorder = new RunListener() {
            @Override
            public void interval(IntervalSnapshot s) {
                events.add("interval");
                snapshots.add(s);
            }

            @Override
            public void finished(RunSummary summary) {
                events.add("finished");
            }
        };
        FakeWorkload w = new FakeWorkload(100, 4_000 * MS, 5_000 * MS, 0, Long.MAX_VALUE);
        RunSummary summary = new Runner(RunnerSettings.every(intervalNs), List.of(new HlogReporter(pipeOut), recorder))
                .run(StandInProvider.unconnectable("fake"), w, new RunControl());
        assertNull(summary.ending().stopReason());

        // The run returned only once the blocked writer had written everything and closed the hlog.
        reader.join(10_000);
        assertFalse(reader.isAlive(), "the hlog was not closed");
        assertEquals("finished", events.get(events.size() - 1));
        assertEquals(snapshots.size(), events.size() - 1);

        int n = snapshots.size();
        assertTrue(n >= 8, n + " intervals");
        long total = 0;
        for (int k = 0; k < n; k++) {
            IntervalSnapshot s = snapshots.get(k);
            assertEquals(k == 0 ? 0 : snapshots.get(k - 1).span().endNs(), s.span().startNs(),
                    "interval " + k + " starts where the last ended");
            if (k < n - 1) {
                // Cut on time: each tick's cut within half an interval of the tick, whatever the writer did.
                long tick = (k + 1) * intervalNs;
                assertTrue(s.span().endNs() >= tick && s.span().endNs() < tick + intervalNs / 2,
                        "interval " + k + " cut at " + s.span().endNs() / 1e6 + " ms, due at " + tick / 1e6 + " ms");
            }
            total += s.counts().completed();
        }
        assertEquals(400, total);
        // Each interval holds its own completions (50 due in each), not all of those of the
        // block in the first cut after it.
        for (int k = 0; k < n - 1; k++) {
            long completed = snapshots.get(k).counts().completed();
            assertTrue(completed > 0 && completed <= 100, "interval " + k + " completed " + completed);
        }

        // The hlog carries the real times and each interval's own data.
        HistogramLogReader log = new HistogramLogReader(new ByteArrayInputStream(hlogBytes.toByteArray()));
        List<EncodableHistogram> responses = new ArrayList<>();
        for (EncodableHistogram h; (h = log.nextIntervalHistogram()) != null;) {
            if ("response".equals(h.getTag())) {
                responses.add(h);
            }
        }
        assertEquals(n, responses.size());
        long startMs = responses.get(0).getStartTimeStamp();
        for (int k = 0; k < n; k++) {
            IntervalSnapshot s = snapshots.get(k);
            Histogram h = (Histogram) responses.get(k);
            assertEquals(s.measured().get(View.RESPONSE).getTotalCount(), h.getTotalCount(), "interval " + k);
            assertEquals(s.span().startNs() / 1e6, h.getStartTimeStamp() - startMs, 2.0, "interval " + k + " start");
            assertEquals(s.span().endNs() / 1e6, h.getEndTimeStamp() - startMs, 2.0, "interval " + k + " end");
        }
    }

    /** The summary's rate line counts what the header's rate counts: round trips of request/response. */
    @Test
    @Timeout(30)
    void aRequestResponseSummarySaysRoundTripsPerSecondAsItsHeaderDoes() throws Exception {
        FakeWorkload w = new FakeWorkload(100, 300 * MS, 1_000 * MS, 0, Long.MAX_VALUE);
        w.kind = WorkloadKind.REQRESP;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        new Runner(RunnerSettings.every(100 * MS), List.of(new ConsoleReporter(new PrintStream(console, true,
                StandardCharsets.UTF_8)))).run(StandInProvider.unconnectable("fake"), w, new RunControl());
        String out = console.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("rate: target 100 round trips/s, achieved ") && out.contains(" round trips/s cumulative"),
                out);
        assertFalse(out.contains("msg/s"), out);
    }

    @Test
    @Timeout(30)
    void messageZeroIsDueAtStartAt() throws Exception {
        Instant startAt = Instant.now().plusMillis(1_500);
        List<RunHeader> headers = headersOf(startAt, false);
        assertEquals(startAt.toEpochMilli(), headers.get(0).start().toEpochMilli(), 2, "the schedule's start");
        assertTrue(headers.get(0).settings().contains(new Setting("start at", startAt.toString())),
                "the header says what it was given: " + headers.get(0).settings());
    }

    @Test
    @Timeout(30)
    void aColdStartSendsNoWarmingBurstAndSaysSo() throws Exception {
        List<RunHeader> headers = headersOf(null, true);
        assertTrue(headers.get(0).settings().contains(new Setting("ready", ReadyBurst.COLD_START)),
                headers.get(0).settings()::toString);
    }

    /** The headers a short fake run with these runner settings announced. */
    private static List<RunHeader> headersOf(Instant startAt, boolean coldStart) throws Exception {
        List<RunHeader> headers = Collections.synchronizedList(new ArrayList<>());
        RunListener listener = new RunListener() {
            @Override
            public void started(RunHeader header) {
                headers.add(header);
            }
        };
        FakeWorkload w = new FakeWorkload(100, 300 * MS, 1_000 * MS, 0, Long.MAX_VALUE);
        new Runner(new RunnerSettings(100 * MS, RunnerSettings.DEFAULT_PAUSE_RESOLUTION_NS,
                RunnerSettings.DEFAULT_HICCUP_RESOLUTION_NS, startAt, coldStart), List.of(listener))
                .run(StandInProvider.unconnectable("fake"), w, new RunControl());
        return headers;
    }

    @Test
    @Timeout(30)
    void aRunTooLateForItsStartAtRefusesToStart() throws Exception {
        // Connecting takes 700 ms, the start is 200 ms away: 500 ms late, more than a run may be.
        Instant startAt = Instant.now().plusMillis(200);
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        RunListener listener = new RunListener() {
            @Override
            public void started(RunHeader header) {
                events.add("started");
            }
        };
        FakeWorkload w = new FakeWorkload(100, 300 * MS, 1_000 * MS, 0, Long.MAX_VALUE);
        w.openNs = 700 * MS;
        Runner runner = new Runner(new RunnerSettings(100 * MS, RunnerSettings.DEFAULT_PAUSE_RESOLUTION_NS,
                RunnerSettings.DEFAULT_HICCUP_RESOLUTION_NS, startAt, false), List.of(listener));
        SettingsException e = assertThrows(SettingsException.class, () -> runner.run(StandInProvider.unconnectable("fake"), w, new RunControl()));
        assertEquals("--start-at", e.option());
        Matcher m = Pattern.compile("this run was ready (\\d+) ms after its --start-at " + Pattern.quote(startAt.toString())
                + " .*more than the 100 ms a run may be late; it did not start.*").matcher(e.getMessage());
        assertTrue(m.find(), e.getMessage());
        assertTrue(Long.parseLong(m.group(1)) >= 400, e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        assertTrue(events.isEmpty(), "nothing started, nothing written: " + events);
        assertEquals(0, w.sent.get(), "nothing sent");
    }

    private static RunSummary run(FakeWorkload w, RunControl control) throws Exception {
        return new Runner(RunnerSettings.every(100 * MS), List.of()).run(StandInProvider.unconnectable("fake"), w, control);
    }

    /** One sender thread on the schedule; completes messages below {@code completeBelow} at once. */
    private static final class FakeWorkload implements Workload {
        final double rate;
        final long durationNs;
        final long drainTimeoutNs;
        final long sendNs;
        final long completeBelow;
        final AtomicLong sent = new AtomicLong();
        final AtomicLong completed = new AtomicLong();
        final CountDownLatch stuck = new CountDownLatch(1);
        volatile int stuckAfter = Integer.MAX_VALUE;
        volatile boolean done;
        /** How long open() takes: connecting. */
        long openNs;
        RunControl control;
        WorkloadKind kind = WorkloadKind.PUT;

        FakeWorkload(double rate, long durationNs, long drainTimeoutNs, long sendNs, long completeBelow) {
            this.rate = rate;
            this.durationNs = durationNs;
            this.drainTimeoutNs = drainTimeoutNs;
            this.sendNs = sendNs;
            this.completeBelow = completeBelow;
        }

        @Override
        public WorkloadKind kind() {
            return kind; // put unless a test asks: little here depends on it
        }

        @Override
        public List<Setting> describe() {
            return List.of();
        }

        @Override
        public double rate() {
            return rate;
        }

        @Override
        public Warmup warmup() {
            return Warmup.fixed(0);
        }

        @Override
        public long durationNs() {
            return durationNs;
        }

        @Override
        public long drainTimeoutNs() {
            return drainTimeoutNs;
        }

        @Override
        public void open(Provider provider, RunControl control, long runId) {
            this.control = control;
            long until = System.nanoTime() + openNs;
            while (System.nanoTime() - until < 0) {
                LockSupport.parkNanos(until - System.nanoTime());
            }
        }

        @Override
        public void start(Schedule schedule, Measurement m, Provider provider) {
            Thread t = new Thread(() -> {
                for (long k = 0; k < schedule.total(); k++) {
                    long intended = schedule.intendedNs(k);
                    if (!Pacer.awaitUntil(intended, control)) {
                        break;
                    }
                    if (k == stuckAfter) {
                        stuck.countDown();
                        try {
                            Thread.sleep(TimeUnit.MINUTES.toMillis(10)); // a send that never returns
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    if (sendNs > 0) {
                        try {
                            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(sendNs));
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    long now = System.nanoTime();
                    m.recorder().record(View.PUT, intended, 1_000);
                    sent.incrementAndGet();
                    if (k < completeBelow) {
                        m.recorder().record(View.RESPONSE, intended, now - intended);
                        m.meter().completed(now, 1);
                        completed.incrementAndGet();
                    }
                }
                done = true;
            }, "fake-sender");
            t.setDaemon(true);
            t.start();
        }

        @Override
        public boolean sendingDone() {
            return done;
        }

        @Override
        public long committed() {
            return sent.get();
        }

        @Override
        public long sendsReturned() {
            return sent.get();
        }

        @Override
        public long completed() {
            return completed.get();
        }

        @Override
        public long othersConsumed() {
            return 0;
        }

        @Override
        public void close() {
        }
    }
}
