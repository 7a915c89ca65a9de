package com.ibm.mq;

/** Stand-in for IBM's class of this name: put (put1) overloads, commit, backout. */
public class MQQueueManager {
    public void put(String queue, MQMessage message) throws MQException {
        put(0, queue, message);
    }

    public void put(String queue, MQMessage message, MQPutMessageOptions options) throws MQException {
    }

    public void put(int type, String queue, MQMessage message) throws MQException {
    }

    /** IBM's put to a queue or topic: the message at index 4. */
    public void put(int type, String queue, String queueManager, String topic, MQMessage message,
            MQPutMessageOptions options) throws MQException {
    }

    public void commit() throws MQException {
    }

    public void backout() throws MQException {
    }
}
