package dev.harness.core.disturbance;

import java.util.BitSet;

/**
 * What came back after a restart-study kill, message by message: each message the study sent is
 * tagged with its case, its number and whether it was committed, and every committed one must come
 * back exactly once and no uncommitted one at all. Counting alone would pass a lost committed
 * message made up for by an uncommitted one that survived.
 */
public final class RecoveryCheck {
    /** The message properties the study tags its messages with. */
    public static final String CASE = "HarnessRestartCase";
    public static final String SEQUENCE = "HarnessRestartSeq";
    public static final String COMMITTED = "HarnessRestartCommitted";

    private final String caseId;
    private final int committed;
    private final BitSet seen;
    private long received;
    private long duplicates;
    private long uncommittedBack;
    private long foreign;

    /** @param caseId this case's tag; @param committed how many were committed, numbered from 0 */
    public RecoveryCheck(String caseId, int committed) {
        this.caseId = caseId;
        this.committed = committed;
        this.seen = new BitSet(committed);
    }

    /**
     * One message the consumer got; its tags as read, null when absent.
     *
     * @param wasCommitted the committed tag
     */
    public void received(String caseTag, Integer sequence, Boolean wasCommitted) {
        received++;
        if (!caseId.equals(caseTag) || sequence == null || wasCommitted == null) {
            foreign++; // not this case's: another application's, or left by an earlier run
        } else if (!wasCommitted) {
            uncommittedBack++;
        } else if (sequence < 0 || sequence >= committed) {
            foreign++;
        } else if (seen.get(sequence)) {
            duplicates++;
        } else {
            seen.set(sequence);
        }
    }

    /** Every message the consumer got. */
    public long received() {
        return received;
    }

    /** Committed messages that did not come back. */
    public long missing() {
        return committed - seen.cardinality();
    }

    /** Committed messages that came back more than once: each receipt after the first. */
    public long duplicates() {
        return duplicates;
    }

    /** Messages that should not be there: uncommitted ones that survived the kill, and any not this case's. */
    public long extra() {
        return uncommittedBack + foreign;
    }

    /** Of {@link #extra}, the uncommitted ones. */
    public long uncommittedBack() {
        return uncommittedBack;
    }
}
