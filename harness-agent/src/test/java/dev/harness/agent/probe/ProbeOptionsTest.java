package dev.harness.agent.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProbeOptionsTest {
    @Test
    void probeArgumentsAreToldFromTheGcAgentsOnes() {
        assertTrue(ProbeOptions.isProbe("probe,hlog=a.hlog"));
        assertTrue(ProbeOptions.isProbe(" probe "));
        assertFalse(ProbeOptions.isProbe("alloc=200"));
        assertFalse(ProbeOptions.isProbe("prober"));
        assertFalse(ProbeOptions.isProbe(null));
    }

    @Test
    void atStartTheHlogIsNeededAndTheTableFileDefaultsBesideIt() {
        ProbeOptions o = ProbeOptions.parse("probe,hlog=app.hlog,interval=500ms");
        assertEquals("app.hlog", o.hlog());
        assertEquals("app.hlog.txt", o.table());
        assertEquals(500, o.intervalMs());
        assertFalse(o.streams());
        assertEquals(60_000, ProbeOptions.parse("probe,hlog=a,table=t,interval=1m").intervalMs());
        assertEquals("t", ProbeOptions.parse("probe,hlog=a,table=t").table());
    }

    @Test
    void streamingNeedsItsToken() {
        ProbeOptions o = ProbeOptions.parse("probe,port=4000,token=abc");
        assertTrue(o.streams());
        assertEquals(4000, o.port());
        assertEquals("abc", o.token());
    }

    @Test
    void badOptionsAreOneLineNamingTheItem() {
        assertMessage("probe", "hlog=FILE");
        assertMessage("probe,hlog=a,speed=3", "speed=3: unknown probe option");
        assertMessage("probe,hlog=a,interval=10", "interval=10: expected a positive duration");
        assertMessage("probe,hlog=a,interval=50ms", "interval=50ms: expected at least 100ms");
        assertMessage("probe,hlog=", "hlog=: expected a value");
        assertMessage("probe,hlog=a,hlog=b", "hlog=b: hlog is given twice");
        assertMessage("probe,port=70000,token=x", "port=70000: expected a TCP port");
        assertMessage("probe,port=4000", "needs token=");
    }

    private static void assertMessage(String args, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProbeOptions.parse(args));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    /** The agent ships so that every table covers whole shipments, never less often than the table. */
    @Test
    void theAgentShipsAtTheTablesGranularity() {
        assertEquals(500, ProbeOptions.shipMs(500), "a 500 ms table needs a shipment every 500 ms, not every second");
        assertEquals(100, ProbeOptions.shipMs(100));
        assertEquals(1_000, ProbeOptions.shipMs(1_000));
        assertEquals(1_000, ProbeOptions.shipMs(10_000));
        assertEquals(500, ProbeOptions.shipMs(1_500));
        assertEquals(1_000, ProbeOptions.shipMs(1_050), "no divisor from 100 ms: once a second");
    }
}
