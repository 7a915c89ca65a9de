package dev.harness.core.jms.mq;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

import javax.jms.BytesMessage;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TemporaryQueue;

import com.ibm.mq.constants.CMQC;
import com.ibm.mq.constants.CMQCFC;
import com.ibm.mq.headers.pcf.PCFMessage;
import com.ibm.msg.client.jms.JmsPropertyContext;
import com.ibm.msg.client.wmq.WMQConstants;

/**
 * A queue's depth by the queue manager's own count (CURDEPTH), asked of its command server with a
 * PCF Inquire Queue sent over the caller's JMS session: no second client, and the run's channel,
 * user and TLS. CURDEPTH counts puts not yet committed and still counts gets not yet committed.
 * Replies are read as distributed queue managers send them (one response message per queue).
 */
final class PcfDepth {
    static final String COMMAND_QUEUE = "SYSTEM.ADMIN.COMMAND.QUEUE";
    /** How long a command server may take to answer before the depth is "not told". */
    static final long ANSWER_MS = 2_000;

    private PcfDepth() {
    }

    /** The command server's answer: the queue's depth, or null where it tells none (an alias or remote queue). */
    record Answer(Long depth) {
    }

    /** The command server refused the inquiry, with this reason (2035: no authority to display the queue). */
    static final class Refused extends Exception {
        final int reason;

        Refused(int reason) {
            super("reason " + reason);
            this.reason = reason;
        }
    }

    /**
     * Each session's reply queue, made at its first inquiry and kept: a temporary dynamic queue made
     * and deleted four times a second would be load of the harness's own on the queue manager.
     */
    private static final Map<Session, TemporaryQueue> REPLIES = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * Asks on a started, non-transacted session (a transacted one would hold the request back until
     * its caller commits), on its caller's own thread: the answer, or null when none came within
     * {@link #ANSWER_MS} (no command server, or one held up).
     */
    static Answer ask(Session session, String queue) throws JMSException, Refused {
        Queue commands = session.createQueue(COMMAND_QUEUE);
        asPcf((JmsPropertyContext) commands, true);
        TemporaryQueue replies = REPLIES.get(session);
        if (replies == null) {
            replies = session.createTemporaryQueue();
            asPcf((JmsPropertyContext) replies, false);
            REPLIES.put(session, replies);
        }
        BytesMessage request = session.createBytesMessage();
        request(request, queue);
        request.setJMSReplyTo(replies);
        try (MessageProducer p = session.createProducer(commands)) {
            // Expires unread where no command server runs, rather than pile up on its queue.
            p.send(request, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, 5 * ANSWER_MS);
        }
        // The command server copies the request's message ID to the reply's correlation ID.
        Message reply;
        try (MessageConsumer c = session.createConsumer(replies, "JMSCorrelationID='" + request.getJMSMessageID() + "'")) {
            reply = c.receive(ANSWER_MS);
        }
        if (!(reply instanceof BytesMessage b)) {
            // A late reply would wait on the queue for ever: the next inquiry gets a new queue. Deleted
            // once its consumer is closed (MQ refuses to delete a queue still in use).
            REPLIES.remove(session);
            try {
                replies.delete();
            } catch (JMSException e) {
                // Goes with the connection.
            }
            return null;
        }
        byte[] body = new byte[(int) b.getBodyLength()];
        b.readBytes(body);
        int encoding = b.propertyExists(WMQConstants.JMS_IBM_ENCODING) ? b.getIntProperty(WMQConstants.JMS_IBM_ENCODING)
                : CMQC.MQENC_NATIVE;
        return new Answer(depth(body, encoding));
    }

    /** The command queue and the reply queue carry a PCF body as it is, with no JMS header of MQ's. */
    static void asPcf(JmsPropertyContext destination, boolean writesDescriptor) throws JMSException {
        destination.setIntProperty(WMQConstants.WMQ_MESSAGE_BODY, WMQConstants.WMQ_MESSAGE_BODY_MQ);
        if (writesDescriptor) {
            destination.setBooleanProperty(WMQConstants.WMQ_MQMD_WRITE_ENABLED, true);
        }
    }

    /** Fills {@code m} with an Inquire Queue for the queue's current depth, in the MQADMIN format. */
    static void request(BytesMessage m, String queue) throws JMSException {
        m.writeBytes(requestBody(queue));
        m.setStringProperty(WMQConstants.JMS_IBM_MQMD_FORMAT, CMQC.MQFMT_ADMIN);
        m.setIntProperty(WMQConstants.JMS_IBM_MQMD_MSGTYPE, CMQC.MQMT_REQUEST);
        m.setIntProperty(WMQConstants.JMS_IBM_MQMD_ENCODING, CMQC.MQENC_NATIVE);
    }

    /** The PCF of an Inquire Queue that asks for the current depth only, big-endian (MQENC_NATIVE as Java writes it). */
    static byte[] requestBody(String queue) {
        PCFMessage pcf = new PCFMessage(CMQCFC.MQCMD_INQUIRE_Q);
        pcf.addParameter(CMQC.MQCA_Q_NAME, queue);
        pcf.addParameter(CMQCFC.MQIACF_Q_ATTRS, new int[] {CMQC.MQIA_CURRENT_Q_DEPTH});
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            pcf.write(new DataOutputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    /**
     * The CURDEPTH in a command server's response (its MQCFH, then its parameters); 0 when the queue
     * does not exist; null when the response tells no depth.
     *
     * @param encoding the reply's MQMD encoding: its integers may be little-endian
     * @throws Refused when the response is a refusal
     */
    static Long depth(byte[] reply, int encoding) throws Refused {
        ByteBuffer b = ByteBuffer.wrap(reply).order((encoding & CMQC.MQENC_INTEGER_MASK) == CMQC.MQENC_INTEGER_REVERSED
                ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        if (b.limit() < CMQCFC.MQCFH_STRUC_LENGTH) {
            return null;
        }
        int compCode = b.getInt(24);
        int reason = b.getInt(28);
        if (reason == CMQC.MQRC_UNKNOWN_OBJECT_NAME) {
            return 0L;
        }
        if (compCode != CMQC.MQCC_OK) {
            throw new Refused(reason);
        }
        int parameters = b.getInt(32);
        int at = b.getInt(4);
        for (int i = 0; i < parameters && at >= 0 && at + 16 <= b.limit(); i++) {
            int type = b.getInt(at);
            int length = b.getInt(at + 4);
            if (type == CMQCFC.MQCFT_INTEGER && b.getInt(at + 8) == CMQC.MQIA_CURRENT_Q_DEPTH) {
                return (long) b.getInt(at + 12);
            }
            if (length < 8) {
                return null; // not a PCF structure: read no further
            }
            at += length;
        }
        return null;
    }
}
