import javax.jms.Connection;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * Another application's messages for bench/selector-others.sh: COUNT persistent text messages
 * without the harness's property on QUEUE, with Artemis's own client (run from harness.jar's
 * class path as a single-file program: java -cp harness.jar OthersPut.java URL QUEUE COUNT).
 */
public class OthersPut {
    public static void main(String[] args) throws Exception {
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(args[0]);
                Connection c = factory.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue(args[1]));
            for (int i = 0, n = Integer.parseInt(args[2]); i < n; i++) {
                p.send(s.createTextMessage("order " + i + " of someone else's"));
            }
        }
    }
}
