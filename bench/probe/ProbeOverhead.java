import java.util.Arrays;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.remoting.impl.invm.InVMAcceptorFactory;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * Time per call, with or without the probe in this JVM (bench/probe-overhead.sh runs it both ways):
 * a no-op call the probe instruments (com.ibm.mq.MQQueueManager.commit, a stand-in with IBM's name)
 * and non-persistent sends to an in-VM Artemis broker. Prints one line per kind: the median and
 * p99 over batches of the per-call time of each batch.
 */
public final class ProbeOverhead {
    public static void main(String[] args) throws Exception {
        int batches = Integer.parseInt(args[0]);
        com.ibm.mq.MQQueueManager qmgr = new com.ibm.mq.MQQueueManager();
        report("no-op", batches, 10_000, () -> qmgr.commit());

        EmbeddedActiveMQ broker = new EmbeddedActiveMQ();
        broker.setConfiguration(new ConfigurationImpl().setPersistenceEnabled(false).setSecurityEnabled(false)
                .addAcceptorConfiguration(new TransportConfiguration(InVMAcceptorFactory.class.getName())));
        broker.start();
        try (ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory("vm://0");
                Connection c = cf.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue("BENCH"));
            p.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            TextMessage m = s.createTextMessage("x".repeat(100));
            report("send", batches / 10, 1_000, () -> p.send(m));
        } finally {
            broker.stop();
        }
    }

    interface Call {
        void run() throws Exception;
    }

    private static void report(String what, int batches, int perBatch, Call call) throws Exception {
        for (int i = 0; i < batches / 5; i++) { // warm up: JIT and the probe's first-call work
            for (int j = 0; j < perBatch; j++) {
                call.run();
            }
        }
        double[] ns = new double[batches];
        for (int i = 0; i < batches; i++) {
            long t0 = System.nanoTime();
            for (int j = 0; j < perBatch; j++) {
                call.run();
            }
            ns[i] = (System.nanoTime() - t0) / (double) perBatch;
        }
        Arrays.sort(ns);
        System.out.printf("%s median %.1f ns p99 %.1f ns%n", what, ns[batches / 2], ns[(int) (batches * 0.99)]);
    }
}
