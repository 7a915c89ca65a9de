package javax.jms;

/** Stand-in with the JMS API's name (the API is not on this module's class path): ProbeAdviceTest. */
public interface Message {
}
