package com.ibm.mq.constants;

/** Stand-in for IBM's class of this name: the reason code lookup the probe names failures with. */
public final class MQConstants {
    private MQConstants() {
    }

    public static String lookupReasonCode(int code) {
        return code == 2538 ? "MQRC_HOST_NOT_AVAILABLE" : null;
    }
}
