package dev.harness.agent.it;

import com.ibm.mq.MQException;
import com.ibm.mq.MQMessage;
import com.ibm.mq.MQPutMessageOptions;
import com.ibm.mq.MQQueue;
import com.ibm.mq.MQQueueManager;

/**
 * A host for ProbeAtStartIT: makes known calls on the MQ stand-ins (test sources, IBM's names):
 * 200 persistent puts in syncpoint with a commit every 10, 100 outside, 3 that fail with reason 2538, then exits.
 */
public final class MqHost {
    private MqHost() {
    }

    public static void main(String[] args) throws Exception {
        MQQueue queue = new MQQueue();
        MQQueueManager qmgr = new MQQueueManager();
        MQMessage message = new MQMessage(); // persistence as the queue's default
        MQMessage persistent = new MQMessage();
        persistent.persistence = 1; // MQPER_PERSISTENT
        MQPutMessageOptions syncpoint = new MQPutMessageOptions(0x2);
        for (int i = 1; i <= 200; i++) {
            queue.put(persistent, syncpoint);
            if (i % 10 == 0) {
                qmgr.commit();
            }
        }
        for (int i = 0; i < 100; i++) {
            queue.put(message);
        }
        queue.failWith = 2538;
        for (int i = 0; i < 3; i++) {
            try {
                queue.put(message);
                throw new IllegalStateException("the stand-in did not fail");
            } catch (MQException expected) {
                // Counted apart by the probe.
            }
        }
        System.out.println("host done");
    }
}
