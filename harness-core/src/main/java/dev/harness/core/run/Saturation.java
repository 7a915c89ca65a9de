package dev.harness.core.run;

import java.util.Locale;

import dev.harness.core.Format;
import dev.harness.core.Units;

/**
 * Whether the harness itself could offer the schedule, and if not why: its senders busy nearly all
 * the time (blocking sends, or their in-flight window full), its JVM's CPU, its pauses; or the
 * broker was the limit. One plain sentence with the numbers and what to change ({@link #sentence}).
 *
 * @param limit who limited the rate: {@link #HELD} when the schedule was kept
 * @param facts who limited the rate and the numbers that say so, without what to change; null when the
 *     schedule was kept
 * @param advice what to change, said here only (a NOT VALID run's reason gives it as its own); null when
 *     the schedule was kept or nothing in the harness would help (the broker was the limit)
 * @param askedRate messages per second the schedule asked (this process's share)
 * @param achievedRate what completed per second after warmup
 * @param workers senders or requesters
 * @param maxInFlight sends each kept unacknowledged at most
 * @param busyFraction share of the workers' time over the measured phase not spent waiting for the schedule
 * @param windowFullFraction share of it spent waiting with the in-flight window full
 * @param cpuFraction this JVM's CPU time over the measured phase, of all its CPUs; negative when unknown
 * @param pausedFraction this JVM's detected pauses over the measured phase
 */
public record Saturation(String limit, String facts, String advice, double askedRate, double achievedRate, int workers,
        int maxInFlight, double busyFraction, double windowFullFraction, double cpuFraction, double pausedFraction) {

    public static final String HELD = "held";
    public static final String SENDERS = "senders";
    public static final String WINDOW = "in-flight window";
    public static final String CPU = "harness CPU";
    public static final String PAUSES = "harness pauses";
    public static final String BROKER = "broker";
    /** The run's consumers take a set time over each message ({@code --consume-delay}): slower than the schedule on purpose. */
    public static final String CONSUMERS = "consumers, by design";
    /** Other processes on the host took the CPUs the harness needed. */
    public static final String HOST = "host contended";
    /** What to change when other processes took the CPUs: the offered load's and the host-contended reason's. */
    public static final String OTHERS_ADVICE = "stop what else runs on this host, or run the harness on a host of its own";

    /** Below this share of the asked rate the schedule was not kept. */
    static final double KEPT = 0.95;
    /** Workers busy at least this share of their time could not have offered more. */
    static final double BUSY = 0.90;
    static final double CPU_BOUND = 0.90;
    static final double PAUSED = 0.10;

    public static final Saturation NONE = new Saturation(HELD, null, null, 0, 0, 0, 1, 0, 0, -1, 0);

    /**
     * @param asked messages per second asked of this process; 0 when unthrottled (nothing to judge)
     */
    public static Saturation judge(double asked, double achieved, SenderLoad load, double cpuFraction,
            double pausedFraction) {
        return judge(asked, achieved, load, cpuFraction, pausedFraction, "sender");
    }

    /** @param worker what the workers are called: sender, requester */
    public static Saturation judge(double asked, double achieved, SenderLoad load, double cpuFraction,
            double pausedFraction, String worker) {
        return judge(asked, achieved, load, cpuFraction, pausedFraction, worker, 0, 1);
    }

    /**
     * @param outageNs how long clients saw no completion around a lost broker (0 for none)
     * @param runNs the run's length, against which that outage is weighed
     */
    public static Saturation judge(double asked, double achieved, SenderLoad load, double cpuFraction,
            double pausedFraction, String worker, long outageNs, long runNs) {
        return judge(asked, achieved, load, cpuFraction, pausedFraction, worker, outageNs, runNs, null);
    }

    /**
     * @param hostContention what contended the host (its run queue, other processes' CPU), or null
     *     when it was not: then busy workers waited for a CPU, and more of them would not help
     */
    public static Saturation judge(double asked, double achieved, SenderLoad load, double cpuFraction,
            double pausedFraction, String worker, long outageNs, long runNs, String hostContention) {
        double busy = load.busyFraction();
        double full = load.windowFullFraction();
        if (asked <= 0 || load.workers() == 0 || achieved >= KEPT * asked) {
            return new Saturation(HELD, null, null, asked, achieved, load.workers(), load.maxInFlight(), busy, full,
                    cpuFraction, pausedFraction);
        }
        String unit = worker.equals("requester") ? "round trips" : "msg";
        String head = String.format(Locale.ROOT, "the schedule asked %s %s/s and %s were achieved: ", rate(asked),
                unit, rate(achieved));
        String who = load.workers() + " " + worker + (load.workers() == 1 ? "" : "s");
        // Publishers are the put senders on topics: --senders sets them too.
        String option = "--" + (worker.equals("publisher") ? "sender" : worker) + "s";
        String were = load.workers() == 1 ? " was" : " were";
        String limit;
        String why;
        String change = null;
        if (outageNs > 0 && runNs > 0 && outageNs >= PAUSED * runNs) {
            // The workers waited on a broker that was away: reconnecting, or with sends unacknowledged.
            limit = BROKER;
            why = String.format(Locale.ROOT, "the broker was the limit: it was away %s s of the %s s run (see the"
                    + " outage), and the schedule fell behind while it was", secs(outageNs), secs(runNs));
        } else if (hostContention != null && cpuFraction < CPU_BOUND
                && !(busy >= BUSY && load.offer() > 0 && load.offer() < asked / 3)) {
            // Busy workers that could offer a third of the schedule at most would fall short on any host.
            limit = HOST;
            why = "the host was contended: " + hostContention + "; the harness's threads waited for a CPU (busy "
                    + pct(busy) + "), so more --" + worker + "s would not help";
            change = OTHERS_ADVICE;
        } else if (busy >= BUSY && load.maxInFlight() > 1 && full >= busy / 2) {
            limit = WINDOW;
            why = String.format(Locale.ROOT, "%s with %d sends in flight each waited for a free slot %s of the time"
                    + " (busy %s)", who, load.maxInFlight(), pct(full), pct(busy)) + also(cpuFraction, pausedFraction);
            change = "raise --max-in-flight or add " + option;
        } else if (busy >= BUSY) {
            limit = SENDERS;
            double offer = load.offer() > 0 ? load.offer() : achieved;
            if (load.waitsForReplies()) {
                // Closed mode: one request out per requester, and the wait for its reply is busy time.
                why = String.format(Locale.ROOT, "%s in closed mode, each waiting for its reply before the next"
                        + " request (%s ms a round trip, sending included), can offer about %s round trips/s: busy %s"
                        + " of the time", who, ms(load.busyNsPerSend()), rate(offer), pct(busy));
                change = "add --requesters, or use --mode open (with --max-in-flight for sends in flight)";
            } else if (load.maxInFlight() > 1) {
                why = String.format(Locale.ROOT, "%s%s busy %s of the time sending (%d in flight allowed, the window"
                        + " full %s)", who, were, pct(busy), load.maxInFlight(), pct(full));
                change = "add " + option;
            } else {
                why = String.format(Locale.ROOT, "%s with blocking sends of %s ms each can offer about %s %s/s:"
                        + " busy %s of the time", who, ms(load.busyNsPerSend()), rate(offer), unit, pct(busy));
                change = "add " + option + " or --max-in-flight";
            }
            why += also(cpuFraction, pausedFraction);
        } else if (cpuFraction >= CPU_BOUND) {
            limit = CPU;
            why = String.format(Locale.ROOT, "this JVM used %s of its CPUs (the embedded broker's work included, if it"
                    + " runs here)", pct(cpuFraction));
            change = "give the broker a machine of its own (--url) or the harness more CPUs";
        } else if (pausedFraction >= PAUSED) {
            limit = PAUSES;
            why = String.format(Locale.ROOT, "this JVM was paused %s of the measured phase (see the JVM pauses)",
                    pct(pausedFraction));
            change = "give it more heap or a collector with shorter pauses";
        } else {
            limit = BROKER;
            why = String.format(Locale.ROOT, "the broker was the limit, not the harness: %s%s busy only %s of the time"
                    + (load.maxInFlight() > 1 ? ", the in-flight window full %s" : "%s")
                    + "; completions waited on the broker (or the consumers)", who, were, pct(busy),
                    load.maxInFlight() > 1 ? pct(full) : "");
        }
        return new Saturation(limit, head + why, change, asked, achieved, load.workers(), load.maxInFlight(), busy, full,
                cpuFraction, pausedFraction);
    }

    /** What else held the busy senders back: this JVM's CPU or pauses, when they were high. */
    private static String also(double cpuFraction, double pausedFraction) {
        String a = "";
        if (cpuFraction >= CPU_BOUND) {
            a += String.format(Locale.ROOT, "; this JVM also used %s of its CPUs (a broker of its own: --url)", pct(cpuFraction));
        }
        if (pausedFraction >= PAUSED) {
            a += String.format(Locale.ROOT, "; this JVM was also paused %s of the time", pct(pausedFraction));
        }
        return a;
    }

    /**
     * The sentence for the summary, JSON, report and offered load: the facts, then what to change;
     * null when the schedule was kept.
     */
    public String sentence() {
        return facts == null ? null : facts + (advice == null ? "" : ": " + advice) + ".";
    }

    /** The harness itself could not offer the schedule: more of it (senders, in flight, CPUs) would help. */
    public boolean harnessLimited() {
        return facts != null && !BROKER.equals(limit) && !HOST.equals(limit) && !CONSUMERS.equals(limit);
    }

    /**
     * Consumers slower than the schedule by design: when completions fell short and the consumers
     * can take at most {@code capacity} a second ({@code how} says why; {@code unit}: msg/s, round
     * trips/s), below the rate on any host,
     * they were the limit, no fault of the run's, whatever else slowed them (a contended host too);
     * the senders' keeping of the schedule is judged apart, by send-lag. Unchanged when the schedule
     * held, when the senders were the limit, or when the consumers could have kept up.
     */
    public Saturation byDesign(double capacity, String how, String unit) {
        if (facts == null || harnessLimited() || !(capacity < KEPT * askedRate)) {
            return this;
        }
        String text = String.format(Locale.ROOT, "the schedule asked %s %s and %s were achieved: the consumers were the"
                + " limit, by design: %s, at most %s %s, so the backlog grew by about %s %s", rate(askedRate), unit,
                rate(achievedRate), how, Format.mostRate(capacity), unit, rate(askedRate - capacity), unit);
        return new Saturation(CONSUMERS, text, null, askedRate, achievedRate, workers, maxInFlight, busyFraction,
                windowFullFraction, cpuFraction, pausedFraction);
    }

    /** Whole from 10 a second, or when whole; below, as the summary says it (a consumer at 3 s a message takes 0.33, not 0). */
    private static String rate(double v) {
        return v >= 9.5 || v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", Math.round(v)) : Units.rate(v);
    }

    private static String pct(double f) {
        return String.format(Locale.ROOT, "%.0f %%", f * 100);
    }

    private static String secs(long ns) {
        return String.format(Locale.ROOT, "%.1f", ns / 1e9);
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.2f", ns / 1e6);
    }
}
