package dev.harness.core.workload;

/**
 * What a worker that sends tells the run's delivery bookkeeping: which messages its sends or
 * commits made durable, and which sends failed. One {@link Ledger} for messages that one
 * receiver should get; {@link SubscriptionLedgers} for a publish that every subscription should.
 */
interface Commits {
    /** The send (outside syncpoint) or commit of this message returned; called by its owner. */
    void committed(long sequence);

    /** Sends of a transaction that failed before its commit: rolled back, and sent again. */
    void rolledBack(int messages);

    /** Sends whose send or commit failed, so the broker may or may not have kept them: sent again. */
    void inDoubt(int messages);
}
