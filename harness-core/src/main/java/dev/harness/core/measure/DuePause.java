package dev.harness.core.measure;

import dev.harness.core.schedule.Schedule;

/**
 * The part of one pause of this JVM that {@code pause-corrected} may correct: only where sends
 * were due. LatencyStats adds {@code floor(length / interval) - 1} samples for a pause of that
 * length at that interval (values length - interval, length - 2 interval, ... down to one
 * interval), modelling the send() calls the pause held up. The harness never skips a message
 * (the overdue ones are sent after the pause and recorded with their real times), so the
 * correction must not invent calls that were never due: none before the schedule's start (a {@code --start-at}), none after its
 * last message (the drain), and never more than the schedule had messages in the pause.
 *
 * @param lengthNs from the first send due in the pause to its end, plus one interval: what
 *     LatencyStats is told, so that its first value (length minus one interval) is the wait of
 *     that first send, and its count, {@code floor((end - first) / interval)}, at most the sends due
 * @param intervalNs the interval LatencyStats is to use for it; 0 when unthrottled, where its
 *     own moving-average estimate of the send rate stands
 */
record DuePause(long lengthNs, long intervalNs) {

    /** Null when no send was due during the pause {@code (endNs - lengthNs, endNs]}. */
    static DuePause of(Schedule schedule, long pauseLengthNs, long pauseEndNs) {
        long fromNs = pauseEndNs - pauseLengthNs;
        if (schedule.unthrottled()) {
            // Sends are due all the time while the schedule runs, and never after it.
            long firstNs = Math.max(fromNs, schedule.startNs());
            long lastNs = Math.min(pauseEndNs, schedule.endNs());
            return lastNs - firstNs > 0 ? new DuePause(pauseEndNs - firstNs, 0) : null;
        }
        long due = schedule.dueBetween(fromNs, pauseEndNs);
        if (due == 0) {
            return null;
        }
        long heldNs = pauseEndNs - schedule.intendedNs(schedule.firstDueAtOrAfter(fromNs));
        // At the schedule's interval, unless fewer messages were due than that would model (the
        // schedule ended in the pause): then spread over those due.
        long intervalNs = Math.max(schedule.intervalNs(), (heldNs + due - 1) / due);
        return new DuePause(heldNs + intervalNs, intervalNs);
    }
}
