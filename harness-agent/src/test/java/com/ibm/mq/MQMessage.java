package com.ibm.mq;

/** Stand-in for IBM's class of this name (no queue manager runs here): ProbeAdviceTest instruments it. */
public class MQMessage {
}
