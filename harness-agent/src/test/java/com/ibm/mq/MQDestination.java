package com.ibm.mq;

/**
 * Stand-in for IBM's class of this name, which declares MQQueue's put and get (MQ 9). A put
 * without options delegates to the one with, as IBM's does: the probe must count it once.
 */
public abstract class MQDestination {
    /** A reason code every call fails with (2538: host not available, as against a closed port), or 0. */
    public int failWith;

    public void put(MQMessage message) throws MQException {
        put(message, new MQPutMessageOptions());
    }

    public void put(MQMessage message, MQPutMessageOptions options) throws MQException {
        if (failWith != 0) {
            throw new MQException(failWith);
        }
    }

    public void get(MQMessage message) throws MQException {
        if (failWith != 0) {
            throw new MQException(failWith);
        }
    }

    public void get(MQMessage message, Object options, int maxSize) throws MQException {
        get(message);
    }
}
