package javax.jms;

/** Stand-in with the JMS API's name: ProbeAdviceTest. */
public interface Session {
    boolean getTransacted();

    void commit();

    void rollback();
}
