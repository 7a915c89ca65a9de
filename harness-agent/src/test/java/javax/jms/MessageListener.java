package javax.jms;

/** Stand-in with the JMS API's name: ProbeAdviceTest. */
public interface MessageListener {
    void onMessage(Message message);
}
