package dev.harness.core.measure;

import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * How this JVM itself fared over the measured phase: its hiccups (how late a 1 ms sleep woke)
 * and its garbage collection pauses, the longest first.
 */
public record GcSummary(Histogram hiccups, long gcPauseCount, long gcPauseTotalNs, List<GcPauses.GcPause> longestGcPauses) {
}
