package dev.harness.core.jms.mq;

import java.util.OptionalInt;

import dev.harness.core.jms.Diagnosis;
import dev.harness.core.jms.Errors;

/** IBM MQ's failures, read by their reason codes (see {@link MqReasons}). */
public final class MqDiagnosis implements Diagnosis {
    @Override
    public String explain(Exception e) {
        return MqReasons.explain(e);
    }

    /**
     * The IBM MQ JMS client's JMSWMQ2013: the security authentication was not valid (reason 2035
     * at connect). Not 2035 on a queue, which is no login failure.
     */
    @Override
    public boolean refusesLogin(Exception e) {
        return Errors.mentions(e, "JMSWMQ2013");
    }

    /** A reason code decides: the connection's reasons (2009, 2059, 2161, ...) are cured by a new one. */
    @Override
    public boolean reconnectCures(Exception e) {
        OptionalInt reason = MqReasons.reasonCode(e);
        return reason.isPresent() ? !MqReasons.refusesRequest(reason.getAsInt()) : Diagnosis.super.reconnectCures(e);
    }
}
