package com.ibm.mq;

/** A stand-in with IBM's name and a no-op commit: the probe instruments it, so it times the probe's own cost. */
public class MQQueueManager {
    private volatile int commits; // volatile: the JIT may not fold the loop of calls away

    public void commit() {
        commits++;
    }

    public int commits() {
        return commits;
    }
}
