package dev.harness.core.workload;

/**
 * A JMS session whose every message is one {@link NullMessage}, handed out again and again: what
 * the harness allocates to build a message is all that is allocated. Generated from the JMS 2.0
 * interface; the methods that make no message do nothing.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class NullSession implements javax.jms.Session {
    final NullMessage message = new NullMessage();

    @Override
    public boolean getTransacted() throws javax.jms.JMSException {
        return false;
    }

    @Override
    public int getAcknowledgeMode() throws javax.jms.JMSException {
        return 0;
    }

    @Override
    public javax.jms.BytesMessage createBytesMessage() throws javax.jms.JMSException {
        return message;
    }

    @Override
    public javax.jms.MapMessage createMapMessage() throws javax.jms.JMSException {
        return message;
    }

    @Override
    public javax.jms.Message createMessage() throws javax.jms.JMSException {
        return message;
    }

    @Override
    public javax.jms.MessageConsumer createConsumer(javax.jms.Destination p0) throws javax.jms.JMSException {
        message.last = p0;
        return null;
    }

    @Override
    public javax.jms.MessageConsumer createConsumer(javax.jms.Destination p0, java.lang.String p1) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        return null;
    }

    @Override
    public javax.jms.MessageConsumer createConsumer(javax.jms.Destination p0, java.lang.String p1, boolean p2) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        return null;
    }

    @Override
    public javax.jms.MessageConsumer createDurableConsumer(javax.jms.Topic p0, java.lang.String p1) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        return null;
    }

    @Override
    public javax.jms.MessageConsumer createDurableConsumer(javax.jms.Topic p0, java.lang.String p1, java.lang.String p2, boolean p3) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        message.last = p2;
        return null;
    }

    @Override
    public javax.jms.MessageConsumer createSharedConsumer(javax.jms.Topic p0, java.lang.String p1) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        return null;
    }

    @Override
    public javax.jms.MessageConsumer createSharedConsumer(javax.jms.Topic p0, java.lang.String p1, java.lang.String p2) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        message.last = p2;
        return null;
    }

    @Override
    public javax.jms.MessageConsumer createSharedDurableConsumer(javax.jms.Topic p0, java.lang.String p1) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        return null;
    }

    @Override
    public javax.jms.MessageConsumer createSharedDurableConsumer(javax.jms.Topic p0, java.lang.String p1, java.lang.String p2) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        message.last = p2;
        return null;
    }

    @Override
    public javax.jms.MessageListener getMessageListener() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public javax.jms.MessageProducer createProducer(javax.jms.Destination p0) throws javax.jms.JMSException {
        message.last = p0;
        return null;
    }

    @Override
    public javax.jms.ObjectMessage createObjectMessage() throws javax.jms.JMSException {
        return message;
    }

    @Override
    public javax.jms.ObjectMessage createObjectMessage(java.io.Serializable p0) throws javax.jms.JMSException {
        message.last = p0;
        return message;
    }

    @Override
    public javax.jms.Queue createQueue(java.lang.String p0) throws javax.jms.JMSException {
        message.last = p0;
        return null;
    }

    @Override
    public javax.jms.QueueBrowser createBrowser(javax.jms.Queue p0) throws javax.jms.JMSException {
        message.last = p0;
        return null;
    }

    @Override
    public javax.jms.QueueBrowser createBrowser(javax.jms.Queue p0, java.lang.String p1) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        return null;
    }

    @Override
    public javax.jms.StreamMessage createStreamMessage() throws javax.jms.JMSException {
        return message;
    }

    @Override
    public javax.jms.TemporaryQueue createTemporaryQueue() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public javax.jms.TemporaryTopic createTemporaryTopic() throws javax.jms.JMSException {
        return null;
    }

    @Override
    public javax.jms.TextMessage createTextMessage() throws javax.jms.JMSException {
        return message;
    }

    @Override
    public javax.jms.TextMessage createTextMessage(java.lang.String p0) throws javax.jms.JMSException {
        message.last = p0;
        return message;
    }

    @Override
    public javax.jms.Topic createTopic(java.lang.String p0) throws javax.jms.JMSException {
        message.last = p0;
        return null;
    }

    @Override
    public javax.jms.TopicSubscriber createDurableSubscriber(javax.jms.Topic p0, java.lang.String p1) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        return null;
    }

    @Override
    public javax.jms.TopicSubscriber createDurableSubscriber(javax.jms.Topic p0, java.lang.String p1, java.lang.String p2, boolean p3) throws javax.jms.JMSException {
        message.last = p0;
        message.last = p1;
        message.last = p2;
        return null;
    }

    @Override
    public void close() throws javax.jms.JMSException {
    }

    @Override
    public void commit() throws javax.jms.JMSException {
    }

    @Override
    public void recover() throws javax.jms.JMSException {
    }

    @Override
    public void rollback() throws javax.jms.JMSException {
    }

    @Override
    public void run() {
    }

    @Override
    public void setMessageListener(javax.jms.MessageListener p0) throws javax.jms.JMSException {
        message.last = p0;
    }

    @Override
    public void unsubscribe(java.lang.String p0) throws javax.jms.JMSException {
        message.last = p0;
    }
}
