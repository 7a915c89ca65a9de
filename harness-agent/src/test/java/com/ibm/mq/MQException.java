package com.ibm.mq;

/** Stand-in for IBM's class of this name: a reason code, as IBM's has it. */
public class MQException extends Exception {
    private static final long serialVersionUID = 1L;
    public final int reasonCode;

    public MQException(int reasonCode) {
        super("reason " + reasonCode);
        this.reasonCode = reasonCode;
    }
}
