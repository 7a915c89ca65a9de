package dev.harness.core.workload;

import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;

import dev.harness.core.jms.Provider;

/**
 * Stand-ins for the JMS objects a worker touches (java.lang.reflect.Proxy), so the workers' own
 * logic runs without a broker: connections that hand out sessions, sessions whose commits are
 * counted and producers whose sends are kept, and messages built from header bytes. Tests that
 * need a real broker use the embedded one; these test what the worker decides.
 */
final class FakeJms {
    /** Every send, in order: the body's header as the codec reads it. */
    final ConcurrentLinkedQueue<MessageHeader> sent = new ConcurrentLinkedQueue<>();
    final AtomicInteger commits = new AtomicInteger();
    final AtomicInteger connects = new AtomicInteger();

    /** What becomes of a send with a CompletionListener; may throw, as a send on a lost connection does. */
    interface AsyncSend {
        void send(MessageHeader header, javax.jms.CompletionListener listener, int connection) throws JMSException;
    }

    /** By default the broker acknowledges each asynchronous send at once. */
    volatile AsyncSend asyncSend = (h, l, c) -> l.onCompletion(null);
    /** Messages built so far, and the one (counting from 0) whose building fails as on a lost connection; -1: none. */
    final AtomicInteger creates = new AtomicInteger();
    volatile int failCreateAt = -1;

    private static <T> T proxy(Class<T> type, java.lang.reflect.InvocationHandler h) {
        return type.cast(Proxy.newProxyInstance(FakeJms.class.getClassLoader(), new Class<?>[] {type}, h));
    }

    /** A provider whose refused requests are JMS's own; anything else is a lost connection. */
    Provider provider() {
        return proxy(Provider.class, (p, method, args) -> switch (method.getName()) {
            case "target" -> "fake JMS";
            case "notes" -> List.of();
            case "connect" -> connection();
            case "queue" -> null;
            case "explain" -> String.valueOf(args[0]);
            case "reconnectCures" -> !dev.harness.core.jms.Errors.refusesRequest((Exception) args[0]);
            default -> null;
        });
    }

    Connection connection() {
        int connection = connects.incrementAndGet();
        return proxy(Connection.class, (p, method, args) -> method.getName().equals("createSession") ? session(connection) : null);
    }

    Session session() {
        return session(0);
    }

    private Session session(int connection) {
        return proxy(Session.class, (p, method, args) -> switch (method.getName()) {
            case "createBytesMessage" -> {
                if (creates.getAndIncrement() == failCreateAt) {
                    throw new JMSException("the session is closed"); // as a client's is on a lost connection
                }
                yield outgoing();
            }
            case "createProducer" -> proxy(javax.jms.MessageProducer.class, (q, m, a) -> {
                if (m.getName().equals("send")) {
                    MessageHeader h = ((Outgoing) Proxy.getInvocationHandler(a[0])).header();
                    if (a.length == 2 && a[1] instanceof javax.jms.CompletionListener l) {
                        asyncSend.send(h, l, connection); // throws before the message is out, as a lost connection does
                    }
                    sent.add(h);
                }
                return null;
            });
            case "commit" -> {
                commits.incrementAndGet();
                yield null;
            }
            default -> null;
        });
    }

    /** A message being written: keeps what the codec writes. */
    private static BytesMessage outgoing() {
        return proxy(BytesMessage.class, new Outgoing());
    }

    private static final class Outgoing implements java.lang.reflect.InvocationHandler {
        private final ByteBuffer body = ByteBuffer.allocate(MessageHeader.BYTES);

        @Override
        public Object invoke(Object proxy, java.lang.reflect.Method method, Object[] args) {
            switch (method.getName()) {
                case "writeLong" -> {
                    if (body.remaining() >= 8) {
                        body.putLong((Long) args[0]);
                    }
                }
                case "writeInt" -> {
                    if (body.remaining() >= 4) {
                        body.putInt((Integer) args[0]);
                    }
                }
                default -> {
                    // the payload, the reply-to: not needed here
                }
            }
            return null;
        }

        MessageHeader header() {
            MessageHeader h = new MessageHeader();
            h.read(body.array(), body.position());
            return h;
        }
    }

    /** A message a consumer gets: this header, and nothing after it. */
    static BytesMessage incoming(long runId, long intendedNs, long sendNs, int sender, long sequence,
            boolean answeredAgain) {
        byte[] body = new byte[MessageHeader.BYTES];
        ByteBuffer.wrap(body).putLong(runId).putLong(intendedNs).putLong(sendNs).putInt(sender).putLong(sequence);
        if (answeredAgain) {
            MessageHeader.markAnsweredAgain(body, body.length);
        }
        ByteBuffer in = ByteBuffer.wrap(body);
        return proxy(BytesMessage.class, (p, method, args) -> switch (method.getName()) {
            case "getBodyLength" -> (long) body.length;
            case "readLong" -> in.getLong();
            case "readInt" -> in.getInt();
            default -> null;
        });
    }
}
