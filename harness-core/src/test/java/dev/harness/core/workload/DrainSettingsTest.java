package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;

/** harness drain's settings check themselves and name the option that is wrong. */
class DrainSettingsTest {
    private static final long S = 1_000_000_000L;

    private static DrainSettings of(List<String> queues, int consumers, long durationNs, long count, long emptyAfterNs) {
        return new DrainSettings(queues, consumers, DrainSettings.receiving(null, 0), durationNs, count, emptyAfterNs, S);
    }

    @Test
    void badValuesNameTheirOption() {
        assertEquals("--queue", assertThrows(SettingsException.class, () -> of(List.of(), 1, 0, 0, S)).option());
        assertEquals("--queue", assertThrows(SettingsException.class, () -> of(List.of("Q", "Q"), 1, 0, 0, S)).option());
        assertEquals("--consumers", assertThrows(SettingsException.class, () -> of(List.of("Q"), 0, 0, 0, S)).option());
        assertEquals("--count", assertThrows(SettingsException.class, () -> of(List.of("Q"), 1, 0, -1, S)).option());
        // Never empty and no other limit: it would never end.
        assertEquals("--empty-after", assertThrows(SettingsException.class, () -> of(List.of("Q"), 1, 0, 0, 0)).option());
    }

    @Test
    void theHeaderSaysWhatEndsIt() {
        assertEquals("the queues are empty (no message for 1s)", of(List.of("Q"), 1, 0, 0, S).until());
        assertEquals("the queues are empty (no message for 1s), or 30s have passed, or 5,000 messages are consumed",
                of(List.of("Q"), 1, 30 * S, 5_000, S).until());
        assertEquals("30s have passed", of(List.of("Q"), 1, 30 * S, 0, 0).until());
    }

    /** --syncpoint N is transacted:N; --ack takes the others; both at once is refused, naming --ack. */
    @Test
    void theConsumersAcknowledgeAsSyncpointOrAckSays() {
        assertEquals(Receiving.Ack.AUTO, DrainSettings.receiving(null, 0).ack());
        assertEquals(new Receiving(Receiving.Ack.TRANSACTED, 100, true), DrainSettings.receiving(null, 100));
        assertEquals(new Receiving(Receiving.Ack.CLIENT, 0, true), DrainSettings.receiving("client", 0));
        assertEquals(new Receiving(Receiving.Ack.TRANSACTED, 50, true), DrainSettings.receiving("transacted:50", 0));
        assertEquals("--ack", assertThrows(SettingsException.class, () -> DrainSettings.receiving("client", 10)).option());
        assertEquals("--syncpoint", assertThrows(SettingsException.class, () -> DrainSettings.receiving(null, -1)).option());
        assertEquals("--ack", assertThrows(SettingsException.class, () -> DrainSettings.receiving("never", 0)).option());
    }
}
