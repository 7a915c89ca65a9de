package javax.jms;

/** Stand-in with the JMS API's name: ProbeAdviceTest. */
public interface MessageConsumer {
    Message receive(long timeout);

    Message receiveNoWait();
}
