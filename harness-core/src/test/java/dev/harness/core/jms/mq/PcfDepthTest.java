package dev.harness.core.jms.mq;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;

import javax.jms.BytesMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.ibm.mq.constants.CMQC;
import com.ibm.mq.constants.CMQCFC;
import com.ibm.mq.headers.pcf.MQCFH;
import com.ibm.mq.headers.pcf.PCFMessage;
import com.ibm.mq.jms.MQQueue;
import com.ibm.msg.client.wmq.WMQConstants;

/**
 * The depth inquiry's request, read by IBM's own PCF classes, and command-server responses written
 * by them, in both integer orders. No queue manager can run here: its side of the exchange is IBM's
 * PCF codec, not a queue manager's command server.
 */
class PcfDepthTest {
    /** x86's native encoding: integers little-endian. */
    private static final int REVERSED = 546;

    @Test
    void requestIsAnInquireQueueForTheCurrentDepth() throws Exception {
        PCFMessage pcf = new PCFMessage(new DataInputStream(new ByteArrayInputStream(PcfDepth.requestBody("APP.ORDERS"))));
        assertEquals(CMQCFC.MQCMD_INQUIRE_Q, pcf.getCommand());
        assertEquals("APP.ORDERS", pcf.getStringParameterValue(CMQC.MQCA_Q_NAME).strip());
        assertArrayEquals(new int[] {CMQC.MQIA_CURRENT_Q_DEPTH}, pcf.getIntListParameterValue(CMQCFC.MQIACF_Q_ATTRS));
    }

    /**
     * IBM's message cannot be made without a session of a queue manager, so the request is written
     * to a stand-in that keeps what it is given.
     */
    @Test
    void requestTravelsInTheAdminFormatAsARequestOfTheEncodingItIsWrittenIn() throws Exception {
        Map<String, Object> set = new HashMap<>();
        BytesMessage m = (BytesMessage) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {BytesMessage.class}, (proxy, method, args) -> {
                    set.put(method.getName().startsWith("set") ? (String) args[0] : method.getName(),
                            method.getName().startsWith("set") ? args[1] : args[0]);
                    return null;
                });
        PcfDepth.request(m, "APP.ORDERS");
        assertArrayEquals(PcfDepth.requestBody("APP.ORDERS"), (byte[]) set.get("writeBytes"));
        assertEquals(CMQC.MQFMT_ADMIN, set.get(WMQConstants.JMS_IBM_MQMD_FORMAT));
        assertEquals(CMQC.MQMT_REQUEST, set.get(WMQConstants.JMS_IBM_MQMD_MSGTYPE));
        assertEquals(CMQC.MQENC_NATIVE, set.get(WMQConstants.JMS_IBM_MQMD_ENCODING),
                "the body is written big-endian, and the descriptor must say so");
    }

    @ParameterizedTest
    @ValueSource(ints = {CMQC.MQENC_NATIVE, REVERSED})
    void depthIsReadPastTheParametersBeforeIt(int encoding) throws Exception {
        PCFMessage response = response(CMQC.MQCC_OK, CMQC.MQRC_NONE);
        response.addParameter(CMQC.MQCA_Q_NAME, "APP.ORDERS"); // a string first: its length must be skipped
        response.addParameter(CMQC.MQIA_Q_TYPE, CMQC.MQQT_LOCAL);
        response.addParameter(CMQC.MQIA_CURRENT_Q_DEPTH, 123_456);
        assertEquals(123_456L, PcfDepth.depth(bytes(response, encoding), encoding));
    }

    @Test
    void theEncodingDecidesTheIntegersOrder() throws Exception {
        PCFMessage response = response(CMQC.MQCC_OK, CMQC.MQRC_NONE);
        response.addParameter(CMQC.MQIA_CURRENT_Q_DEPTH, 7);
        byte[] little = bytes(response, REVERSED);
        Long misread = PcfDepth.depth(little, CMQC.MQENC_NATIVE);
        assertTrue(misread == null || misread != 7L, "a little-endian reply read big-endian cannot give 7: " + misread);
        assertEquals(7L, PcfDepth.depth(little, REVERSED));
    }

    @Test
    void aQueueThatDoesNotExistHoldsNothing() throws Exception {
        assertEquals(0L, PcfDepth.depth(bytes(response(CMQC.MQCC_FAILED, CMQC.MQRC_UNKNOWN_OBJECT_NAME),
                CMQC.MQENC_NATIVE), CMQC.MQENC_NATIVE));
    }

    @Test
    void aRefusalIsSaidWithItsReason() throws Exception {
        PcfDepth.Refused r = assertThrows(PcfDepth.Refused.class, () -> PcfDepth.depth(bytes(
                response(CMQC.MQCC_FAILED, CMQC.MQRC_NOT_AUTHORIZED), CMQC.MQENC_NATIVE), CMQC.MQENC_NATIVE));
        assertEquals(CMQC.MQRC_NOT_AUTHORIZED, r.reason);
    }

    @Test
    void aReplyWithoutDepthTellsNone() throws Exception {
        PCFMessage alias = response(CMQC.MQCC_OK, CMQC.MQRC_NONE);
        alias.addParameter(CMQC.MQCA_Q_NAME, "APP.ALIAS");
        alias.addParameter(CMQC.MQIA_Q_TYPE, CMQC.MQQT_ALIAS);
        assertNull(PcfDepth.depth(bytes(alias, CMQC.MQENC_NATIVE), CMQC.MQENC_NATIVE));
        assertNull(PcfDepth.depth(new byte[12], CMQC.MQENC_NATIVE), "shorter than a PCF header");
    }

    @Test
    void theCommandAndReplyQueuesCarryTheBodyAsItIs() throws Exception {
        MQQueue commands = new MQQueue(PcfDepth.COMMAND_QUEUE);
        PcfDepth.asPcf(commands, true);
        assertEquals(WMQConstants.WMQ_MESSAGE_BODY_MQ, commands.getIntProperty(WMQConstants.WMQ_MESSAGE_BODY));
        assertTrue(commands.getBooleanProperty(WMQConstants.WMQ_MQMD_WRITE_ENABLED),
                "the descriptor's format and type are the request's to set");
        MQQueue replies = new MQQueue("AMQ.REPLIES");
        PcfDepth.asPcf(replies, false);
        assertEquals(WMQConstants.WMQ_MESSAGE_BODY_MQ, replies.getIntProperty(WMQConstants.WMQ_MESSAGE_BODY));
    }

    private static PCFMessage response(int compCode, int reason) {
        PCFMessage m = new PCFMessage(CMQCFC.MQCFT_RESPONSE, CMQCFC.MQCMD_INQUIRE_Q, 1, true);
        MQCFH header = new MQCFH(CMQCFC.MQCMD_INQUIRE_Q, 0);
        header.setType(CMQCFC.MQCFT_RESPONSE);
        header.setControl(CMQCFC.MQCFC_LAST);
        header.setCompCode(compCode);
        header.setReason(reason);
        m.setHeader(header);
        return m;
    }

    private static byte[] bytes(PCFMessage m, int encoding) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        m.write(new DataOutputStream(out), encoding, 1208);
        return out.toByteArray();
    }
}
