package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumMap;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
    @Test
    void phaseComesFromTheIntendedTimeNotTheRecordingTime() {
        LatencyRecorder r = new LatencyRecorder(1_000);
        r.record(View.RESPONSE, 999, 5_000_000_000L); // due in warmup, completed long after
        r.record(View.RESPONSE, 1_000, 7);
        r.record(View.PUT, 2_000, 9);
        EnumMap<View, Histogram> warmup = LatencyRecorder.newViewMap();
        EnumMap<View, Histogram> measured = LatencyRecorder.newViewMap();
        r.takeInterval(Phase.WARMUP, warmup);
        r.takeInterval(Phase.MEASURED, measured);
        assertEquals(1, warmup.get(View.RESPONSE).getTotalCount());
        assertEquals(1, measured.get(View.RESPONSE).getTotalCount());
        assertEquals(1, measured.get(View.PUT).getTotalCount());
        assertEquals(0, warmup.get(View.PUT).getTotalCount());
    }

    @Test
    void valuesOutsideTheRangeAreClampedNotThrown() {
        LatencyRecorder r = new LatencyRecorder(0);
        r.record(View.SEND_LAG, 1, Long.MAX_VALUE);
        r.record(View.SEND_LAG, 1, -5);
        EnumMap<View, Histogram> m = LatencyRecorder.newViewMap();
        r.takeInterval(Phase.MEASURED, m);
        Histogram h = m.get(View.SEND_LAG);
        assertEquals(2, h.getTotalCount());
        assertEquals(0, h.getMinValue());
        assertEquals(h.highestEquivalentValue(Histograms.HIGHEST_NS), h.getMaxValue());
    }

    @Test
    void eachIntervalHoldsOnlyWhatWasRecordedSinceTheLast() {
        LatencyRecorder r = new LatencyRecorder(0);
        EnumMap<View, Histogram> m = LatencyRecorder.newViewMap();
        r.record(View.PUT, 1, 100);
        r.takeInterval(Phase.MEASURED, m);
        assertEquals(1, m.get(View.PUT).getTotalCount());
        r.takeInterval(Phase.MEASURED, m);
        assertEquals(0, m.get(View.PUT).getTotalCount());
    }
}
