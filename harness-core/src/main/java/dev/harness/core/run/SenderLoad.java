package dev.harness.core.run;

/**
 * How the workers that send (senders, requesters) spent their time over the measured phase, summed
 * over them: waiting for the schedule (idle), waiting with their in-flight window full, and the
 * rest (building and sending messages, committing; in closed mode, waiting for the reply too).
 * From this the summary tells whether the harness itself could offer the schedule.
 *
 * @param workers senders or requesters summed here
 * @param runNs their time from the first message after warmup (the start, if the run ended in its
 *     warmup) to the end of sending, summed
 * @param pacedNs of it, waiting for a message to be due
 * @param windowFullNs of it, waiting with all {@code maxInFlight} sends unacknowledged
 * @param maxInFlight sends each keeps unacknowledged at most (1 = blocking sends)
 * @param sends sends that returned in that time (first sends; a message sent again is one)
 * @param waitsForReplies closed-mode requesters: each waits for its reply before its next request,
 *     and that wait is busy time
 */
public record SenderLoad(int workers, long runNs, long pacedNs, long windowFullNs, int maxInFlight, long sends,
        boolean waitsForReplies) {

    /** One sender's (or open-mode requester's). */
    public SenderLoad(long runNs, long pacedNs, long windowFullNs, int maxInFlight, long sends) {
        this(1, runNs, pacedNs, windowFullNs, maxInFlight, sends, false);
    }

    public static final SenderLoad NONE = new SenderLoad(0, 0, 0, 0, 1, 0, false);

    public SenderLoad plus(SenderLoad o) {
        return new SenderLoad(workers + o.workers, runNs + o.runNs, pacedNs + o.pacedNs, windowFullNs + o.windowFullNs,
                Math.max(maxInFlight, o.maxInFlight), sends + o.sends, waitsForReplies || o.waitsForReplies);
    }

    /** A worker's busy time per send, building the message and committing included (in closed mode, the reply wait); 0 without sends. */
    public long busyNsPerSend() {
        return sends == 0 ? 0 : (runNs - pacedNs) / sends;
    }

    /** Sends per second the workers could offer, each busy all the time at its pace; 0 when unknown. */
    public double offer() {
        long perSend = busyNsPerSend();
        return perSend <= 0 ? 0 : workers * 1e9 / perSend;
    }

    /** The share of their time the workers were not waiting for the schedule: 1 = never ahead of it. */
    public double busyFraction() {
        return runNs <= 0 ? 0 : Math.min(1, Math.max(0, (runNs - pacedNs) / (double) runNs));
    }

    /** The share of their time they waited with the in-flight window full. */
    public double windowFullFraction() {
        return runNs <= 0 ? 0 : Math.min(1, windowFullNs / (double) runNs);
    }
}
