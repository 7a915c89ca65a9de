package dev.harness.core.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.ibm.mq.jms.MQConnectionFactory;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.artemis.ArtemisDiagnosis;
import dev.harness.core.jms.mq.MqDiagnosis;

/** The kinds harness-core registers, as ServiceLoader finds them (as a jar on the class path would be found). */
class ProviderKindsTest {
    @Test
    void fourKindsRegisterThemselvesInOrderWithTheirOptions() {
        List<ProviderKind> kinds = ProviderKinds.all();
        assertEquals(List.of("embedded", "artemis", "ibmmq", "jndi"), kinds.stream().map(ProviderKind::name).toList());
        assertEquals(List.of(), options("embedded"));
        assertEquals(List.of("--url"), options("artemis"));
        assertEquals(List.of("--jndi", "--cf"), options("jndi"));
        assertEquals(List.of("--mq-qmgr", "--mq-host", "--mq-port", "--mq-channel", "--mq-conn-name", "--mq-ccdt",
                "--mq-cipher", "--mq-app-name", "--mq-async-put", "--mq-read-ahead", "--mq-target-client", "--mq-reconnect",
                "--mq-connect-timeout"), options("ibmmq"));
        Set<String> all = new TreeSet<>();
        kinds.forEach(k -> k.options().forEach(o -> assertTrue(all.add(o.name()), "one owner for " + o.name())));
    }

    /**
     * A registration that cannot be loaded (here a services line naming a class no jar holds, as a
     * jar built for the other namespace or missing a dependency gives) is skipped with a note; the
     * kinds of harness-core still load, so every command still works.
     */
    @Test
    void aKindThatCannotBeLoadedIsSkippedWithANote(@TempDir Path dir) throws Exception {
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve(ProviderKind.class.getName()), "com.example.NoSuchKind\n");
        List<String> skipped = new ArrayList<>();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            List<ProviderKind> kinds = ProviderKinds.load(loader, skipped);
            assertEquals(List.of("embedded", "artemis", "ibmmq", "jndi"), kinds.stream().map(ProviderKind::name).toList());
        }
        assertEquals(1, skipped.size(), skipped::toString);
        assertTrue(skipped.get(0).startsWith("a provider kind skipped: ")
                && skipped.get(0).contains("com.example.NoSuchKind"), skipped::toString);
        assertEquals(List.of(), ProviderKinds.skipped(), "harness-core's own all load");
    }

    @Test
    void embeddedIsTheDefaultAndUrlChoosesArtemis() {
        assertEquals(List.of("embedded"), ProviderKinds.all().stream().filter(ProviderKind::isDefault).map(ProviderKind::name).toList());
        assertEquals(List.of("artemis"), ProviderKinds.all().stream().filter(ProviderKind::chosenByItsOptions)
                .map(ProviderKind::name).toList());
        assertTrue(kind("embedded").ownBroker());
        assertFalse(kind("artemis").ownBroker());
    }

    @Test
    void optionsThatTakeNoValueOrAnOptionalOne() {
        ProviderOption asyncPut = option("ibmmq", "--mq-async-put");
        assertEquals(ProviderOption.Value.ON_OFF, asyncPut.value());
        assertEquals("any", option("ibmmq", "--mq-reconnect").fallbackValue());
        assertEquals(ProviderOption.Value.DURATION, option("ibmmq", "--mq-connect-timeout").value());
        assertEquals(ProviderOption.Value.WHOLE_NUMBER, option("ibmmq", "--mq-port").value());
    }

    @Test
    void aJndiFactoryIsOwnedByTheKindOfItsClient() {
        assertEquals("artemis", ProviderKinds.owner(new ActiveMQConnectionFactory()).orElseThrow().name());
        assertInstanceOf(ArtemisDiagnosis.class, ProviderKinds.owner(new ActiveMQConnectionFactory()).orElseThrow().diagnosis());
        assertEquals("ibmmq", ProviderKinds.owner(new MQConnectionFactory()).orElseThrow().name());
        assertInstanceOf(MqDiagnosis.class, kind("ibmmq").diagnosis());
        javax.jms.ConnectionFactory unknown = (javax.jms.ConnectionFactory) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {javax.jms.ConnectionFactory.class}, (p, m, a) -> null);
        assertTrue(ProviderKinds.owner(unknown).isEmpty());
    }

    @Test
    void badValuesAreOneLineNamingTheOption() {
        SettingsException noUrl = assertThrows(SettingsException.class,
                () -> kind("artemis").open(ProviderValues.NONE, Credentials.NONE));
        assertEquals("--provider artemis: give the broker's --url tcp://HOST:PORT", noUrl.getMessage());
        SettingsException badUrl = assertThrows(SettingsException.class,
                () -> kind("artemis").open(new ProviderValues(Map.of("--url", "http://127.0.0.1:61616")), Credentials.NONE));
        assertEquals("--url: expected tcp://HOST:PORT with a port up to 65535, got 'http://127.0.0.1:61616'", badUrl.getMessage());
        SettingsException user = assertThrows(SettingsException.class,
                () -> kind("embedded").open(ProviderValues.NONE, new Credentials("u", "")));
        assertEquals("--user: the embedded broker has no login; give --url or another --provider", user.getMessage());
        SettingsException noFile = assertThrows(SettingsException.class,
                () -> kind("jndi").open(ProviderValues.NONE, Credentials.NONE));
        assertEquals("--provider jndi: give --jndi FILE, a jndi.properties file", noFile.getMessage());
        SettingsException missing = assertThrows(SettingsException.class,
                () -> kind("jndi").open(new ProviderValues(Map.of("--jndi", "/nonexistent/jndi.properties")), Credentials.NONE));
        assertTrue(missing.getMessage().startsWith("--jndi /nonexistent/jndi.properties: cannot read the file"), missing.getMessage());
    }

    @Test
    void credentialsNeverPrintThePassword() {
        assertFalse(new Credentials("u", "secret").toString().contains("secret"));
    }

    private static ProviderKind kind(String name) {
        return ProviderKinds.named(name).orElseThrow();
    }

    private static List<String> options(String kind) {
        return kind(kind).options().stream().map(ProviderOption::name).toList();
    }

    private static ProviderOption option(String kind, String name) {
        return kind(kind).options().stream().filter(o -> o.name().equals(name)).findFirst().orElseThrow();
    }
}
