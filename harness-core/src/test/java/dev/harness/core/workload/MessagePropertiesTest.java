package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.jms.Message;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;

class MessagePropertiesTest {
    /** A message that keeps what is set on it: "name" to its value, of the type it was set as. */
    private static Message recording(Map<String, Object> set) {
        return (Message) Proxy.newProxyInstance(MessagePropertiesTest.class.getClassLoader(), new Class<?>[] {Message.class},
                (proxy, method, args) -> {
                    if (method.getName().startsWith("set") && method.getName().endsWith("Property")) {
                        set.put((String) args[0], args[1]);
                    }
                    return null;
                });
    }

    @Test
    void generatedOnesTakeEveryTypeInTurnAndGivenOnesAreStrings() throws Exception {
        MessageProperties p = MessageProperties.of(6, List.of("ORDER_TYPE=limit", "region=eu=west"));
        Map<String, Object> set = new LinkedHashMap<>();
        p.apply(recording(set));
        assertEquals(List.of("prop1", "prop2", "prop3", "prop4", "prop5", "prop6", "ORDER_TYPE", "region"),
                List.copyOf(set.keySet()));
        assertTrue(set.get("prop1") instanceof String);
        assertTrue(set.get("prop2") instanceof Integer);
        assertTrue(set.get("prop3") instanceof Long);
        assertTrue(set.get("prop4") instanceof Double);
        assertTrue(set.get("prop5") instanceof Boolean);
        assertTrue(set.get("prop6") instanceof String);
        assertEquals("limit", set.get("ORDER_TYPE"));
        assertEquals("eu=west", set.get("region"), "the value is all after the first =");
        assertEquals("6 (prop1 .. prop6: string, int, long, double, boolean in turn), ORDER_TYPE=limit, region=eu=west"
                + " on every message the schedule sends", p.describe());
        assertEquals("3 (prop1 .. prop3: string, int, long) on every message the schedule sends",
                MessageProperties.of(3, List.of()).describe(), "only the types there are");
        assertEquals("1 (prop1: a string) on every message the schedule sends", MessageProperties.of(1, List.of()).describe());
        assertEquals("5 (prop1 .. prop5: string, int, long, double, boolean) on every message the schedule sends",
                MessageProperties.of(5, List.of()).describe());
    }

    /** IBM MQ with target client MQ puts no MQRFH2: properties would not travel, so the run refuses first of all. */
    @Test
    void aProviderWhoseMessagesCarryNoPropertiesRefusesThemBeforeAnyConnection() {
        java.util.concurrent.atomic.AtomicInteger connects = new java.util.concurrent.atomic.AtomicInteger();
        dev.harness.core.jms.Provider noProperties = (dev.harness.core.jms.Provider) Proxy.newProxyInstance(
                MessagePropertiesTest.class.getClassLoader(), new Class<?>[] {dev.harness.core.jms.Provider.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "carriesProperties" -> false;
                    case "connect" -> {
                        connects.incrementAndGet();
                        yield null;
                    }
                    default -> null;
                });
        PutWorkload put = new PutWorkload(PutSettings.of(100, null, dev.harness.core.schedule.Warmup.fixed(0), 1_000_000_000L,
                SizeMix.of(1024), true, null, null, null, null, 0));
        put.properties(MessageProperties.of(2, List.of()));
        SettingsException e = assertThrows(SettingsException.class,
                () -> put.claimQueues(noProperties)); // the run's first step: before its queues are looked at or purged
        assertEquals("--properties", e.option());
        assertTrue(e.getMessage().contains("--mq-target-client jms"), e.getMessage());
        assertEquals(0, connects.get(), "refused before any connection, so before any purge");
    }

    @Test
    void noneIsNoneAndSetsNothing() throws Exception {
        assertSame(MessageProperties.NONE, MessageProperties.of(0, List.of()));
        assertFalse(MessageProperties.NONE.any());
        Map<String, Object> set = new LinkedHashMap<>();
        MessageProperties.NONE.apply(recording(set));
        assertTrue(set.isEmpty());
    }

    @Test
    void namesJmsRefusesAreRefusedInOneLine() {
        for (String bad : List.of("1st=x", "a-b=x", "=x", "AND=x", "JMSPriority=1", "harness_run=1", "novalue", "prop2=x")) {
            SettingsException e = assertThrows(SettingsException.class, () -> MessageProperties.of(3, List.of(bad)), bad);
            assertEquals("--property", e.option(), bad);
        }
        assertEquals("--properties", assertThrows(SettingsException.class, () -> MessageProperties.of(101, List.of()))
                .option());
        assertEquals("--property", assertThrows(SettingsException.class,
                () -> MessageProperties.of(0, List.of("a=1", "a=2"))).option());
    }
}
