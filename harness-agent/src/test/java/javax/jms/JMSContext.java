package javax.jms;

/** Stand-in with the JMS API's name: ProbeAdviceTest. */
public interface JMSContext {
    boolean getTransacted();

    void commit();
}
