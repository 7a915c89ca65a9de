package com.ibm.mq;

/** Stand-in for IBM's class of this name: the options field, as IBM's has it. */
public class MQPutMessageOptions {
    public int options;

    public MQPutMessageOptions() {
    }

    public MQPutMessageOptions(int options) {
        this.options = options;
    }
}
