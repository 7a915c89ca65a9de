package dev.harness.agent.probe.standin;

import java.util.ArrayDeque;

import javax.jms.JMSContext;
import javax.jms.JMSProducer;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.Session;

/**
 * A toy JMS provider shaped as Artemis' classes are where the probe cares: a producer holds its
 * session in a field, a JMSProducer holds its context and sends through a MessageProducer, an
 * overload delegates to another, a context's commit commits its session. ProbeAdviceTest
 * instruments these classes in a class loader of their own.
 */
public final class Provider {
    private Provider() {
    }

    public static final class TheMessage implements Message {
    }

    public static final class TheSession implements Session {
        private final boolean transacted;
        public final ArrayDeque<Message> queue = new ArrayDeque<>();

        public TheSession(boolean transacted) {
            this.transacted = transacted;
        }

        @Override
        public boolean getTransacted() {
            return transacted;
        }

        @Override
        public void commit() {
            if (!transacted) {
                throw new IllegalStateException("not transacted");
            }
        }

        @Override
        public void rollback() {
        }
    }

    public static final class TheProducer implements MessageProducer {
        private final TheSession session;
        private int deliveryMode = 2;

        public TheProducer(TheSession session) {
            this.session = session;
        }

        public void setDeliveryMode(int deliveryMode) {
            this.deliveryMode = deliveryMode;
        }

        public int getDeliveryMode() {
            return deliveryMode;
        }

        @Override
        public void send(Message message) {
            send(message, deliveryMode, 4, 0);
        }

        @Override
        public void send(Message message, int deliveryMode, int priority, long timeToLive) {
            if (message == null) {
                throw new IllegalArgumentException("no message");
            }
            session.queue.add(message);
        }
    }

    public static final class TheContext implements JMSContext {
        final TheSession session;

        public TheContext(boolean transacted) {
            session = new TheSession(transacted);
        }

        @Override
        public boolean getTransacted() {
            return session.getTransacted();
        }

        @Override
        public void commit() {
            session.commit();
        }
    }

    public static final class TheJmsProducer implements JMSProducer {
        private final TheContext context;
        private final MessageProducer producer;

        public TheJmsProducer(TheContext context) {
            this.context = context;
            this.producer = new TheProducer(context.session);
        }

        /** JMSProducer.getDeliveryMode: non-persistent, unlike its MessageProducer underneath. */
        public int getDeliveryMode() {
            return 1;
        }

        @Override
        public JMSProducer send(Message message) {
            producer.send(message);
            return this;
        }
    }

    public static final class TheConsumer implements MessageConsumer {
        private final TheSession session;

        public TheConsumer(TheSession session) {
            this.session = session;
        }

        @Override
        public Message receive(long timeout) {
            return session.queue.poll();
        }

        @Override
        public Message receiveNoWait() {
            return receive(0);
        }
    }

    public static final class Listener implements MessageListener {
        public int seen;

        @Override
        public void onMessage(Message message) {
            seen++;
        }
    }
}
