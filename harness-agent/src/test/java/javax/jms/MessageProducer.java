package javax.jms;

/** Stand-in with the JMS API's name: ProbeAdviceTest. */
public interface MessageProducer {
    void send(Message message);

    void send(Message message, int deliveryMode, int priority, long timeToLive);
}
