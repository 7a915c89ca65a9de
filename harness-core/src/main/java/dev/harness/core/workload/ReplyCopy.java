package dev.harness.core.workload;

import java.util.Enumeration;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.ObjectMessage;
import javax.jms.Session;
import javax.jms.StreamMessage;
import javax.jms.TextMessage;

/**
 * A responder's reply: its request's body copied into a message of the request's own type
 * ({@code --message-type}), so the reply is as large as the request and its requester reads the
 * header it sent; the sequence marked when the request may have been answered before. The
 * request's header is read into {@link #header} on the way. One per listener (one session's
 * thread): its buffer grows once to the largest request.
 */
final class ReplyCopy {
    final MessageHeader header = new MessageHeader();
    /** Whether the last request copied had a harness header, read into {@link #header}: only then is its reply timed. */
    boolean timed;
    private byte[] body;

    ReplyCopy(int expectedSizeBytes) {
        this.body = new byte[Math.max(expectedSizeBytes, MessageHeader.BYTES)];
    }

    /**
     * The reply to {@code request}, or null when it cannot be answered: a type other than bytes that
     * holds no harness header. Any BytesMessage is answered with a copy of its body (an
     * application's request to {@code harness respond} too), timed only when it has a header.
     *
     * @param again the request was redelivered outside syncpoint: answered before, perhaps
     */
    Message of(Session session, Message request, boolean again) throws JMSException {
        if (request instanceof BytesMessage b) {
            int length = (int) b.getBodyLength();
            if (length > body.length) {
                body = new byte[length];
            }
            b.readBytes(body, length);
            timed = header.read(body, length);
            if (again) {
                MessageHeader.markAnsweredAgain(body, length);
            }
            BytesMessage reply = session.createBytesMessage();
            reply.writeBytes(body, 0, length);
            return reply;
        }
        if (request instanceof ObjectMessage o) {
            byte[] copy = MessageHeader.bodyOf(o); // deserialized once: the reply's own array
            timed = copy != null && header.read(copy, copy.length);
            if (!timed) {
                return null;
            }
            if (again) {
                MessageHeader.markAnsweredAgain(copy, copy.length);
            }
            return session.createObjectMessage(copy);
        }
        timed = header.readAnyRun(request);
        if (!timed) {
            return null;
        }
        if (request instanceof TextMessage t) {
            String text = t.getText(); // the same string: no copy
            return session.createTextMessage(again ? MessageHeader.markAnsweredAgain(text) : text);
        }
        if (request instanceof StreamMessage s) {
            StreamMessage reply = session.createStreamMessage();
            MessageHeader.write(reply, header.runId, header.intendedNs, header.sendNs, header.sender,
                    header.wireSequence(again));
            try {
                if (s.readObject() instanceof byte[] payload) { // a copy: the stream's field, whole
                    reply.writeBytes(payload);
                }
            } catch (javax.jms.MessageEOFException e) {
                // A header alone.
            }
            return reply;
        }
        if (request instanceof MapMessage m) {
            MapMessage reply = session.createMapMessage();
            for (Enumeration<?> names = m.getMapNames(); names.hasMoreElements();) {
                String name = (String) names.nextElement();
                reply.setObject(name, m.getObject(name));
            }
            reply.setLong(MessageHeader.MAP_NAMES[4], header.wireSequence(again));
            return reply;
        }
        return null;
    }
}
