package dev.harness.core.jms.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.JMSException;
import javax.jms.JMSSecurityException;

import org.junit.jupiter.api.Test;

/** Artemis's messages as one line, and its login refusal told from a refused queue. */
class ArtemisDiagnosisTest {
    @Test
    void keepsArtemisCodedMessageWithoutClassNamesOrFieldDumps() {
        JMSException e = new JMSException("org.apache.activemq.artemis.api.core.ActiveMQNotConnectedException: "
                + "[errorType=NOT_CONNECTED message=AMQ219006: Channel disconnected]");
        assertEquals("AMQ219006: Channel disconnected", ArtemisDiagnosis.oneLine(e));
    }

    @Test
    void keepsTheMessageOfAnUncodedFieldDump() {
        JMSException e = new JMSException("[errorType=GENERIC_EXCEPTION message=recvAddress(..) failed with error(-104):"
                + " Connection reset by peer]");
        assertEquals("recvAddress(..) failed with error(-104): Connection reset by peer", ArtemisDiagnosis.oneLine(e));
    }

    @Test
    void prefersTheCodedMessageOfACauseToAVagueOuterOne() {
        JMSException outer = new JMSException("Failed to create session factory");
        outer.initCause(new IllegalStateException("AMQ219007: Cannot connect to server(s). Tried with all available servers."));
        assertEquals("AMQ219007: Cannot connect to server(s). Tried with all available servers.", ArtemisDiagnosis.oneLine(outer));
    }

    @Test
    void refusedLoginIsTheCodeNotAnyRefusedPermission() {
        ArtemisDiagnosis artemis = new ArtemisDiagnosis("tcp://h:1");
        JMSException login = new JMSSecurityException("AMQ229031: Unable to validate user from /127.0.0.1:5000."
                + " Username: u; SSL certificate subject DN: unavailable");
        assertTrue(artemis.refusesLogin(login));
        assertTrue(artemis.explain(login).endsWith("(check --user and the password for tcp://h:1)"), artemis.explain(login));
        assertFalse(artemis.refusesLogin(new JMSSecurityException("AMQ229032: User: u does not have permission='SEND'")));
        assertTrue(new ArtemisDiagnosis(null).explain(login).endsWith("(check --user and the password)"));
    }
}
