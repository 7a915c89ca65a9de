package dev.harness.core.jms.jndi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;

/**
 * What completes an asynchronous send through JNDI: Artemis's own JNDI context and its real
 * ActiveMQConnectionFactory (looking up connects to nothing). Without a confirmation window its
 * client completes sends locally, so --max-in-flight is refused; with one, the header states it.
 */
class JndiProviderTest {
    private static JndiProvider provider(String url) throws Exception {
        Properties env = new Properties();
        env.setProperty("java.naming.factory.initial", "org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory");
        env.setProperty("connectionFactory.HarnessCF", url);
        return new JndiProvider(env, "test.properties", "HarnessCF", null, null);
    }

    @Test
    void anArtemisFactoryWithoutAConfirmationWindowIsRefusedForSendsInFlight() throws Exception {
        JndiProvider p = provider("tcp://127.0.0.1:1");
        SettingsException e = assertThrows(SettingsException.class, p::acknowledgedAsyncSends);
        assertTrue(e.getMessage().startsWith("--max-in-flight: the Artemis connection factory from JNDI sets no"
                + " confirmationWindowSize"), e.getMessage());
        assertTrue(e.getMessage().contains("?confirmationWindowSize=1048576"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        p.close();
    }

    @Test
    void anArtemisFactoryWithAConfirmationWindowIsStated() throws Exception {
        JndiProvider p = provider("tcp://127.0.0.1:1?confirmationWindowSize=65536");
        String said = p.acknowledgedAsyncSends();
        assertTrue(said.contains("complete when the broker confirms them: the JNDI factory's confirmationWindowSize=65536"),
                said);
        assertTrue(said.contains("producerWindowSize="), said);
        p.close();
    }
}
