package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.StandInProvider;
import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Warmup;

/** --max-in-flight: its default, its bounds, where it applies, and a provider that has no asynchronous send. */
class MaxInFlightSettingsTest {
    private static final long S = 1_000_000_000L;

    private static PutSettings put(Integer maxInFlight) {
        return PutSettings.of(100, null, Warmup.fixed(S), S, SizeMix.of(2048), true, null, null, null, null, S, maxInFlight);
    }

    private static ReqRespSettings reqresp(ReqRespSettings.Mode mode, Integer maxInFlight) {
        return ReqRespSettings.of(100, null, null, Warmup.fixed(S), S, SizeMix.of(2048), true, null, null, null, null, null, mode, S, maxInFlight);
    }

    @Test
    void oneSendAtATimeUnlessAsked() {
        assertEquals(1, put(null).maxInFlight());
        assertFalse(put(null).asyncSends());
        assertTrue(put(8).asyncSends());
        assertEquals(8, put(8).withShard(dev.harness.core.schedule.Shard.WHOLE).maxInFlight(), "kept by withShard");
        assertTrue(put(8).describe().stream().anyMatch(s -> s.value().startsWith("8 per sender")));
    }

    @Test
    void outOfBoundsIsRefusedNamingTheOption() {
        for (int bad : new int[] {0, -1, WorkloadSettings.MAX_IN_FLIGHT + 1}) {
            SettingsException e = assertThrows(SettingsException.class, () -> put(bad));
            assertEquals("--max-in-flight", e.option());
            assertTrue(e.getMessage().contains("got " + bad), e.getMessage());
        }
    }

    @Test
    void closedModeHasOneRequestOut() {
        SettingsException e = assertThrows(SettingsException.class, () -> reqresp(ReqRespSettings.Mode.CLOSED, 4));
        assertTrue(e.getMessage().startsWith("--max-in-flight 4: in closed mode"), e.getMessage());
        assertEquals(4, reqresp(ReqRespSettings.Mode.OPEN, 4).maxInFlight());
        assertEquals(1, reqresp(ReqRespSettings.Mode.CLOSED, null).maxInFlight());
    }

    /** A provider that does not say what completes an asynchronous send is refused before anything connects. */
    @Test
    void aProviderWithoutAsynchronousSendsIsRefusedBeforeConnecting() {
        int[] connects = {0};
        Provider plain = new StandInProvider("a plain provider", () -> {
            connects[0]++;
            throw new IllegalStateException("no connection expected");
        });
        SettingsException e = assertThrows(SettingsException.class,
                () -> new PutWorkload(put(4)).open(plain, new RunControl(), 1));
        assertEquals("--max-in-flight", e.option());
        assertTrue(e.getMessage().contains("a plain provider has no asynchronous send"), e.getMessage());
        assertEquals(0, connects[0]);
        SettingsException r = assertThrows(SettingsException.class,
                () -> new ReqRespWorkload(reqresp(ReqRespSettings.Mode.OPEN, 4)).open(plain, new RunControl(), 1));
        assertEquals("--max-in-flight", r.option());
    }
}
