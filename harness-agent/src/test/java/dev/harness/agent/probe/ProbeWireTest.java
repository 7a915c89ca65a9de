package dev.harness.agent.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The probe's wire, written by the agent's side and read back by harness probe's: one codec, both ends. */
class ProbeWireTest {
    @Test
    void everyItemTheAgentWritesReadsBackAsWritten() {
        assertEquals(new ProbeWire.Interval("calls", "send", 1_000, 2_000, "HISTO=="),
                ProbeWire.read(ProbeWire.interval("calls", "send", 1_000, 2_000, "HISTO==")));
        assertEquals(new ProbeWire.ErrorKind(3, "send IllegalStateException"),
                ProbeWire.read(ProbeWire.errorKind(3, "send IllegalStateException")));
        assertEquals(new ProbeWire.Delivery("send", 20, 10, 0), ProbeWire.read(ProbeWire.delivery("send", 20, 10, 0)));
        assertEquals(new ProbeWire.Cost(5, 6, 7, 8), ProbeWire.read(ProbeWire.cost(5, 6, 7, 8)));
        assertEquals(new ProbeWire.Message("attached to 2 producers"),
                ProbeWire.read(ProbeWire.message("attached to 2 producers")));
        assertEquals(new ProbeWire.Bye("stopped by harness probe"), ProbeWire.read(ProbeWire.bye("stopped by harness probe")));
    }

    @Test
    void textThatWouldBreakALineStaysOnOne() {
        assertEquals(new ProbeWire.Message("two lines"), ProbeWire.read(ProbeWire.message("two\nlines")));
        assertEquals(new ProbeWire.Bye("a b"), ProbeWire.read(ProbeWire.bye("a\nb")));
        assertEquals(new ProbeWire.ErrorKind(1, "send Oops: x"), ProbeWire.read(ProbeWire.errorKind(1, "send Oops:\nx")));
        assertEquals(new ProbeWire.Message("a  b"), ProbeWire.read(ProbeWire.message("a\r\nb")),
                "a carriage return ends a line for a reader too");
    }

    @Test
    void theHelloNamesTheTokenTheProbeGave() {
        String hello = ProbeWire.hello("abc123", 4242);
        assertTrue(ProbeWire.isHello(hello, "abc123"));
        assertFalse(ProbeWire.isHello(hello, "abc12"), "another token");
        assertFalse(ProbeWire.isHello(null, "abc123"), "nothing came");
    }

    @Test
    void aMalformedLineIsNoItemAndAnUnknownOneIsIgnored() {
        assertNull(ProbeWire.read("kind x send IllegalStateException"), "a count that is no number");
        assertNull(ProbeWire.read("kind 3"), "cut short");
        assertNull(ProbeWire.read("h calls send 12 3x4 AAAA"));
        assertNull(ProbeWire.read("cost 1 2 3 y"));
        assertEquals(new ProbeWire.Unknown("later-agent something new"), ProbeWire.read("later-agent something new"));
        assertEquals(new ProbeWire.Unknown("bye"), ProbeWire.read("bye"), "a bye without a reason is no bye");
    }
}
