package dev.harness.core.run;

/**
 * Was anything lost? Every message carries its sender and sequence number; receivers tick them
 * off, so a run can say which committed messages never arrived and which arrived twice.
 *
 * @param tracked false when the run could not check (puts without drainers, a workload that does not
 *     number its messages); see {@code untracked}
 * @param untracked why the run could not check, or null
 * @param persistent the run's persistence
 * @param syncpoint messages per commit; 0 outside syncpoint
 * @param committed distinct messages whose send (outside syncpoint) or commit returned
 * @param received distinct messages received (put) or answered (request/response)
 * @param lost committed messages never received by the end of the run
 * @param duplicates messages received again (redelivered, or sent again after a failure in doubt)
 * @param rolledBack sends of a transaction that failed before its commit: rolled back, and sent again
 * @param inDoubt sends whose send or commit failed, so the broker may or may not have kept them: sent again
 * @param rolledBackWork responders' units of work (get and reply) rolled back by a failure: redelivered
 * @param answeredAgain request/response: second replies a responder made because a request it had
 *     answered came again (its acknowledgement lost, outside syncpoint); not among the duplicates
 * @param routerRedeliveries request/response: replies the broker gave again because the harness's
 *     own commit of their get failed after they were handed on; not among the duplicates
 * @param expired with {@code --ttl}: committed messages never received whose time to live had passed
 *     when the run stopped waiting for them; not among the lost (the client cannot tell a message the
 *     broker expired from one it lost once its time to live has passed: see {@link #expiring})
 */
public record Delivery(boolean tracked, String untracked, boolean persistent, int syncpoint, long committed,
        long received, long lost, long duplicates, long rolledBack, long inDoubt, long rolledBackWork,
        long answeredAgain, long routerRedeliveries, long expired) {

    /** A tally with nothing expired: every run without --ttl. */
    public Delivery(boolean tracked, String untracked, boolean persistent, int syncpoint, long committed,
            long received, long lost, long duplicates, long rolledBack, long inDoubt, long rolledBackWork,
            long answeredAgain, long routerRedeliveries) {
        this(tracked, untracked, persistent, syncpoint, committed, received, lost, duplicates, rolledBack, inDoubt,
                rolledBackWork, answeredAgain, routerRedeliveries, 0);
    }

    public static Delivery notTracked(String why, boolean persistent, int syncpoint) {
        return new Delivery(false, why, persistent, syncpoint, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /**
     * The same tally with the messages not received counted as expired, not lost: for a run with
     * --ttl that waited until the last message's time to live had passed, so that every message
     * still missing could have expired on the broker.
     */
    public Delivery expiring() {
        return new Delivery(tracked, untracked, persistent, syncpoint, committed, received, 0, duplicates, rolledBack,
                inDoubt, rolledBackWork, answeredAgain, routerRedeliveries, expired + lost);
    }

    /**
     * The same tally with {@code n} of the messages not received counted as expired, not lost: the
     * requests a requester gave up at a reply timeout no shorter than their --ttl.
     */
    public Delivery withExpired(long n) {
        long moved = Math.min(n, lost);
        return new Delivery(tracked, untracked, persistent, syncpoint, committed, received, lost - moved, duplicates,
                rolledBack, inDoubt, rolledBackWork, answeredAgain, routerRedeliveries, expired + moved);
    }

    /** The same tally, with the replies the reply routers got again through their own failed commits. */
    public Delivery withRouterRedeliveries(long n) {
        return new Delivery(tracked, untracked, persistent, syncpoint, committed, received, lost, duplicates,
                rolledBack, inDoubt, rolledBackWork, answeredAgain, n, expired);
    }

    /**
     * This tally with {@code other}'s messages counted in (the {@code --preload} backlog's): this one's
     * persistence and syncpoint; untracked stays untracked.
     */
    public Delivery plus(Delivery other) {
        if (!tracked || !other.tracked) {
            return this;
        }
        return new Delivery(true, null, persistent, syncpoint, committed + other.committed, received + other.received,
                lost + other.lost, duplicates + other.duplicates, rolledBack + other.rolledBack, inDoubt + other.inDoubt,
                rolledBackWork + other.rolledBackWork, answeredAgain + other.answeredAgain,
                routerRedeliveries + other.routerRedeliveries, expired + other.expired);
    }

    /** Committed persistent messages not received (whose fault it is: {@link RunSummary#brokerLostMessages}). */
    public boolean lostPersistent() {
        return tracked && persistent && lost > 0;
    }

    /** "persistent, syncpoint 10" */
    public String setting() {
        return (persistent ? "persistent" : "non-persistent") + ", "
                + (syncpoint == 0 ? "outside syncpoint" : "syncpoint " + syncpoint);
    }
}
