package dev.harness.core.jms.mq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;

import javax.jms.JMSException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.ibm.mq.MQException;
import com.ibm.mq.jms.MQQueue;
import com.ibm.msg.client.jms.JmsConnectionFactory;
import com.ibm.msg.client.jms.JmsPropertyContext;
import com.ibm.msg.client.wmq.WMQConstants;

/**
 * Settings to the real IBM MQ client's factory and queue properties, read back from them. No
 * queue manager can run here; the one connect below goes to a closed port of 127.0.0.1.
 */
class IbmMqProviderTest {
    private static MqSettings settings(MqAddress address, String ccdt, String user, boolean asyncPut, boolean readAhead,
            MqSettings.TargetClient target, MqSettings.Reconnect reconnect) {
        return new MqSettings("QM1", address, ccdt, "test", user, user == null ? null : "secret",
                user == null ? null : "TLS_AES_128_GCM_SHA256", "bench-app", asyncPut, readAhead, target, reconnect, 7);
    }

    @Test
    void factoryIsClientTransportWithEveryAddressSetting() throws JMSException {
        MqAddress address = new MqAddress("MY.SVRCONN", MqAddress.parseConnName("h1(1414),h2(1415)"));
        JmsConnectionFactory f = IbmMqProvider.factory(settings(address, null, "app", false, false,
                MqSettings.TargetClient.JMS, MqSettings.Reconnect.QMGR));
        assertEquals(WMQConstants.WMQ_CM_CLIENT, f.getIntProperty(WMQConstants.WMQ_CONNECTION_MODE),
                "never bindings: it fails with 2495 on a machine without a queue manager");
        assertEquals("QM1", f.getStringProperty(WMQConstants.WMQ_QUEUE_MANAGER));
        assertEquals("MY.SVRCONN", f.getStringProperty(WMQConstants.WMQ_CHANNEL));
        assertEquals("h1(1414),h2(1415)", f.getStringProperty(WMQConstants.WMQ_CONNECTION_NAME_LIST));
        assertEquals("bench-app", f.getStringProperty(WMQConstants.WMQ_APPLICATIONNAME));
        assertTrue(f.getBooleanProperty(WMQConstants.USER_AUTHENTICATION_MQCSP));
        assertEquals("app", f.getStringProperty(WMQConstants.USERID));
        assertEquals("secret", f.getStringProperty(WMQConstants.PASSWORD));
        assertEquals("TLS_AES_128_GCM_SHA256", f.getStringProperty(WMQConstants.WMQ_SSL_CIPHER_SUITE));
        assertEquals(WMQConstants.WMQ_CLIENT_RECONNECT_Q_MGR, f.getIntProperty(WMQConstants.WMQ_CLIENT_RECONNECT_OPTIONS));
    }

    @Test
    void withoutUserOrReconnectNothingIsInherited() throws JMSException {
        JmsConnectionFactory f = IbmMqProvider.factory(settings(MqSettings.developerAddress(), null, null, false, false,
                MqSettings.TargetClient.JMS, MqSettings.Reconnect.OFF));
        String user = f.getStringProperty(WMQConstants.USERID);
        assertTrue(user == null || user.isEmpty(), "no user: " + user);
        assertEquals(WMQConstants.WMQ_CLIENT_RECONNECT_DISABLED, f.getIntProperty(WMQConstants.WMQ_CLIENT_RECONNECT_OPTIONS),
                "disabled explicitly, not left to an mqclient.ini");
        assertEquals("localhost(1414)", f.getStringProperty(WMQConstants.WMQ_CONNECTION_NAME_LIST));
        assertEquals("DEV.APP.SVRCONN", f.getStringProperty(WMQConstants.WMQ_CHANNEL));
    }

    @Test
    void ccdtReplacesChannelAndAddress() throws JMSException {
        JmsConnectionFactory f = IbmMqProvider.factory(settings(null, "file:///etc/mq/ccdt.json", null, false, false,
                MqSettings.TargetClient.JMS, MqSettings.Reconnect.ANY));
        assertEquals("file:///etc/mq/ccdt.json", f.getStringProperty(WMQConstants.WMQ_CCDTURL));
        assertEquals(WMQConstants.WMQ_CLIENT_RECONNECT, f.getIntProperty(WMQConstants.WMQ_CLIENT_RECONNECT_OPTIONS));
    }

    @Test
    void queuesGetTheResultChangingSettingsExplicitly() throws JMSException {
        JmsPropertyContext off = (JmsPropertyContext) provider(false, false, MqSettings.TargetClient.JMS)
                .configure(new MQQueue("DEV.QUEUE.1"));
        assertEquals(WMQConstants.WMQ_PUT_ASYNC_ALLOWED_DISABLED, off.getIntProperty(WMQConstants.WMQ_PUT_ASYNC_ALLOWED));
        assertEquals(WMQConstants.WMQ_READ_AHEAD_ALLOWED_DISABLED, off.getIntProperty(WMQConstants.WMQ_READ_AHEAD_ALLOWED));
        assertEquals(WMQConstants.WMQ_TARGET_DEST_JMS, off.getIntProperty(WMQConstants.WMQ_TARGET_CLIENT));
        assertEquals(WMQConstants.WMQ_PER_APP, off.getIntProperty(WMQConstants.WMQ_PERSISTENCE),
                "JMS delivery mode decides, not the queue's DEFPSIST");

        JmsPropertyContext on = (JmsPropertyContext) provider(true, true, MqSettings.TargetClient.MQ)
                .configure(new MQQueue("DEV.QUEUE.1"));
        assertEquals(WMQConstants.WMQ_PUT_ASYNC_ALLOWED_ENABLED, on.getIntProperty(WMQConstants.WMQ_PUT_ASYNC_ALLOWED));
        assertEquals(WMQConstants.WMQ_READ_AHEAD_ALLOWED_ENABLED, on.getIntProperty(WMQConstants.WMQ_READ_AHEAD_ALLOWED));
        assertEquals(WMQConstants.WMQ_TARGET_DEST_MQ, on.getIntProperty(WMQConstants.WMQ_TARGET_CLIENT));
    }

    /** A temporary reply queue comes back as a plain MQQueue: told by its dynamic name (no queue manager here). */
    @Test
    void aTemporaryReplyQueueIsToldByItsDynamicName() throws JMSException {
        IbmMqProvider mq = provider(true, false, MqSettings.TargetClient.MQ);
        assertTrue(mq.isTemporary(new MQQueue("AMQ.5F3A2B1C24D1A001")));
        assertFalse(mq.isTemporary(new MQQueue("DEV.QUEUE.1")));
        assertFalse(mq.isTemporary(new MQQueue("REPLY1")));
        assertEquals("AMQ.5F3A", IbmMqProvider.baseName("queue://QM1/AMQ.5F3A?targetClient=1"));
        assertEquals("DEV.QUEUE.1", IbmMqProvider.baseName("DEV.QUEUE.1"));
    }

    @Test
    void repliesGetTheSameSettingsAsTheQueuesWeOpen() throws JMSException {
        // As the client builds a JMSReplyTo from a request's MQMD: nothing set explicitly.
        MQQueue replyTo = new MQQueue("DEV.REPLY.1");
        JmsPropertyContext configured = (JmsPropertyContext) provider(true, false, MqSettings.TargetClient.MQ)
                .replyDestination(replyTo);
        assertEquals(WMQConstants.WMQ_PUT_ASYNC_ALLOWED_ENABLED, configured.getIntProperty(WMQConstants.WMQ_PUT_ASYNC_ALLOWED));
        assertEquals(WMQConstants.WMQ_TARGET_DEST_MQ, configured.getIntProperty(WMQConstants.WMQ_TARGET_CLIENT));
    }

    @Test
    void headerStatesAsyncPutReadAheadAndPersistenceMapping() throws JMSException {
        String off = String.join("\n", provider(false, false, MqSettings.TargetClient.JMS).notes());
        assertTrue(off.contains("async put off"), off);
        assertTrue(off.contains("read ahead off"), off);
        assertTrue(off.contains("MQPER_PERSISTENT"), off);
        assertTrue(off.contains("MQCMIT"), off);
        String on = String.join("\n", provider(true, true, MqSettings.TargetClient.MQ).notes());
        assertTrue(on.contains("async put ON"), on);
        assertTrue(on.contains("read ahead ON"), on);
        assertTrue(on.contains("no MQRFH2"), on);
    }

    @Test
    void closedPortExplainsItselfAs2538() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        MqAddress address = new MqAddress("DEV.APP.SVRCONN", MqAddress.parseConnName("127.0.0.1(" + port + ")"));
        IbmMqProvider p = new IbmMqProvider(settings(address, null, null, false, false, MqSettings.TargetClient.JMS,
                MqSettings.Reconnect.OFF));
        JMSException e = assertThrows(JMSException.class, p::connect);
        String line = p.explain(e);
        assertTrue(line.contains("MQRC_HOST_NOT_AVAILABLE (2538)"), line);
        assertTrue(line.contains("127.0.0.1(" + port + ")"), "what was attempted: " + line);
        assertTrue(line.contains("listener"), "what to check: " + line);
        assertEquals(1, line.lines().count(), line);
        assertTrue(p.reconnectCures(e), "a listener not there yet may be there on the next attempt");
    }

    /**
     * A refused request fails the run at once; a lost connection is reconnected. Exceptions shaped
     * as the MQ client throws them (no queue manager here); one it really threw is above (2538).
     */
    @ParameterizedTest(name = "{0}: cured by reconnecting {1}")
    @CsvSource({"2053, false", "2056, false", "2035, false", "2085, false", "2024, false", "2030, false", "2051, false",
        "2009, true", "2059, true", "2161, true", "2162, true", "2202, true", "2019, true", "2538, true"})
    void reasonCodesTellLostConnectionsFromRefusedRequests(int reason, boolean cured) throws Exception {
        JMSException e = new JMSException("JMSWMQ2007: Failed to send a message to destination 'DEV.QUEUE.1'.", "JMSWMQ2007");
        e.setLinkedException(new MQException(2, reason, null));
        assertEquals(cured, provider(false, false, MqSettings.TargetClient.JMS).reconnectCures(e));
    }

    /** A put that returns before the queue manager has the message cannot complete an asynchronous send. */
    @Test
    void sendsInFlightAreRefusedWithAsyncPut() throws JMSException {
        dev.harness.core.SettingsException e = assertThrows(dev.harness.core.SettingsException.class,
                () -> provider(true, false, MqSettings.TargetClient.JMS).acknowledgedAsyncSends());
        assertTrue(e.getMessage().startsWith("--max-in-flight: with --mq-async-put a put completes before the queue"
                + " manager has the message"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        String said = provider(false, false, MqSettings.TargetClient.JMS).acknowledgedAsyncSends();
        assertTrue(said.contains("async put off"), said);
    }

    private static IbmMqProvider provider(boolean asyncPut, boolean readAhead, MqSettings.TargetClient target)
            throws JMSException {
        return new IbmMqProvider(settings(MqSettings.developerAddress(), null, null, asyncPut, readAhead, target,
                MqSettings.Reconnect.OFF));
    }
}
