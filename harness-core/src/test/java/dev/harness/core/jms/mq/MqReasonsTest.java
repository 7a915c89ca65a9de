package dev.harness.core.jms.mq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.JMSException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.ibm.mq.MQException;

/**
 * The reasons users meet, in exceptions shaped as the MQ client throws them (a JMSException
 * linking an MQException): no queue manager can produce them here.
 */
class MqReasonsTest {
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "2538, MQRC_HOST_NOT_AVAILABLE, listener",
        "2059, MQRC_Q_MGR_NOT_AVAILABLE, --mq-qmgr",
        "2035, MQRC_NOT_AUTHORIZED, --user",
        "2085, MQRC_UNKNOWN_OBJECT_NAME, config/ibmmq-objects.mqsc",
        "2009, MQRC_CONNECTION_BROKEN, --mq-channel",
        "2278, MQRC_CLIENT_CONN_ERROR, --mq-ccdt",
        "2495, MQRC_MODULE_NOT_FOUND, client transport",
        "2048, MQRC_PERSISTENT_NOT_ALLOWED, --reply-prefix",
        "2024, MQRC_SYNCPOINT_LIMIT_REACHED, --syncpoint",
    })
    void reasonNameAndWhatToCheck(int reason, String name, String advice) {
        JMSException e = new JMSException("JMSWMQ2008: Failed to open MQ queue 'DEV.QUEUE.1'.", "JMSWMQ2008");
        e.setLinkedException(new MQException(2, reason, null));
        assertEquals(reason, MqReasons.reasonCode(e).orElse(-1));
        String line = MqReasons.explain(e);
        assertTrue(line.startsWith("JMSWMQ2008: Failed to open MQ queue 'DEV.QUEUE.1': " + name + " (" + reason + ")"), line);
        assertTrue(line.contains(advice), line);
        assertEquals(1, line.lines().count());
    }

    @ParameterizedTest
    @CsvSource({"2538", "2009"})
    void reasonFoundInTheMessageWhenNoMqExceptionIsLinked(int reason) {
        JMSException e = new JMSException("JMSCMQ0001: IBM MQ call failed with compcode '2' ('MQCC_FAILED') reason '"
                + reason + "' ('whatever').");
        assertEquals(reason, MqReasons.reasonCode(e).orElse(-1));
    }

    @ParameterizedTest
    @CsvSource({"AMQ219007: Cannot connect to server(s)"})
    void otherProvidersErrorsPassThrough(String message) {
        JMSException e = new JMSException(message);
        assertFalse(MqReasons.reasonCode(e).isPresent());
        assertEquals(message, MqReasons.explain(e));
    }

    @Test
    void refusedLoginIsJmswmq2013NotA2035OnAQueue() {
        JMSException login = new JMSException("JMSWMQ2013: The security authentication was not valid that was supplied"
                + " for queue manager 'QM1' with connection mode 'Client' and host name 'localhost(1414)'.", "JMSWMQ2013");
        login.setLinkedException(new MQException(2, 2035, null));
        assertTrue(new MqDiagnosis().refusesLogin(login));
        JMSException queue = new JMSException("JMSWMQ2008: Failed to open MQ queue 'DEV.QUEUE.1'.", "JMSWMQ2008");
        queue.setLinkedException(new MQException(2, 2035, null));
        assertFalse(new MqDiagnosis().refusesLogin(queue));
    }
}
