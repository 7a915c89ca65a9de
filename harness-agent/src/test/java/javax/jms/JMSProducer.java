package javax.jms;

/** Stand-in with the JMS API's name: ProbeAdviceTest. */
public interface JMSProducer {
    JMSProducer send(Message message);
}
