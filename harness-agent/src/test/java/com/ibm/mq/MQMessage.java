package com.ibm.mq;

/** Stand-in for IBM's class of this name (no queue manager runs here): ProbeAdviceTest instruments it. */
public class MQMessage {
    /** As IBM's: MQPER_PERSISTENCE_AS_Q_DEF (2) unless set to MQPER_PERSISTENT (1) or MQPER_NOT_PERSISTENT (0). */
    public int persistence = 2;
}
