package dev.harness.core.jms.jndi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.Hashtable;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

import javax.naming.CompositeName;
import javax.naming.Context;
import javax.naming.NameNotFoundException;
import javax.naming.NamingException;
import javax.naming.Reference;
import javax.naming.spi.InitialContextFactory;
import javax.naming.spi.NamingManager;

import org.junit.jupiter.api.Test;

import com.ibm.mq.jms.MQConnectionFactory;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.Api;

/**
 * Which namespace a JNDI factory is of, read in harness.jar (javax.jms only), where a jakarta
 * factory cannot be made: from the names of a JNDI Reference whose object factory is not on the
 * class path (an IBM .bindings file made for the Jakarta client), or from the jakarta.jms class
 * whose absence broke the lookup.
 */
class JndiApiTest {
    @Test
    void aReferenceToIbmsJakartaFactoryIsJakartaAndTheJavaxRunSaysSoInOneLine() {
        // The names IBM's JMSAdmin writes into .bindings for the Jakarta client; its object factory
        // is not on this class path, so JNDI (NamingManager, as fscontext calls it) hands back the Reference.
        Properties env = bindings("JakartaCF", new Reference("com.ibm.mq.jakarta.jms.MQConnectionFactory",
                "com.ibm.mq.jakarta.jms.MQConnectionFactoryFactory", null));
        assertEquals(Api.JAKARTA, JndiProvider.apiOf(env, "JakartaCF"));
        SettingsException e = assertThrows(SettingsException.class, () -> new JndiProvider(env, "test.bindings", "JakartaCF", null, null));
        assertTrue(e.getMessage().startsWith("--cf JakartaCF: JNDI holds a reference to a com.ibm.mq.jakarta.jms.MQConnectionFactory"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("give --api jakarta"), e.getMessage());
    }

    @Test
    void aReferenceToIbmsJavaxFactoryIsMadeAndIsJavax() throws Exception {
        // The reference the real javax client stores for itself; its factory is on the class path.
        Properties env = bindings("JavaxCF", new MQConnectionFactory().getReference());
        assertEquals(Api.JAVAX, JndiProvider.apiOf(env, "JavaxCF"));
    }

    @Test
    void aReferenceNamingNeitherNamespaceIsNotTold() {
        Properties env = bindings("Other", new Reference("com.example.Thing", "com.example.ThingFactory", null));
        assertNull(JndiProvider.apiOf(env, "Other"));
        assertNull(JndiProvider.apiOf(env, "NotBound"));
    }

    @Test
    void aMissingJakartaClassIsReadAsJakartaThroughTheCauses() {
        assertEquals(Api.JAKARTA, Api.ofMissingClass(new NoClassDefFoundError("jakarta/jms/ConnectionFactory")));
        NamingException wrapped = new NamingException("lookup failed");
        wrapped.setRootCause(new RuntimeException(new NoClassDefFoundError("jakarta/jms/Session")));
        assertEquals(Api.JAKARTA, Api.ofMissingClass(wrapped));
        assertEquals(Api.JAVAX, Api.ofMissingClass(new ClassNotFoundException(javax.jms.Queue.class.getName())));
        assertNull(Api.ofMissingClass(new NoClassDefFoundError("org/example/Other")));
        assertNull(Api.ofMissingClass(new NoClassDefFoundError("jakartax/jms/Session")));
    }

    /** A lookup that fails for want of jakarta.jms: one line naming the class and --api, exit 2 (a SettingsException). */
    @Test
    void aLookupThatNeedsJakartaClassesIsOneLineAndDetectedAsJakarta() {
        Properties env = bindings("Broken", null);
        assertEquals(Api.JAKARTA, JndiProvider.apiOf(env, "Broken"));
        SettingsException e = assertThrows(SettingsException.class, () -> new JndiProvider(env, "broken.properties", "Broken", null, null));
        assertEquals("--jndi broken.properties: the provider's classes need jakarta.jms.ConnectionFactory, which is not"
                + " on the class path; it is of Jakarta Messaging 3.1 (jakarta.jms): give --api jakarta", e.getMessage());
    }

    @Test
    void classNamesOfEitherNamespace() {
        assertEquals(Api.JAKARTA, Api.ofClassName("jakarta.jms.ConnectionFactory"));
        assertEquals(Api.JAKARTA, Api.ofClassName("com.ibm.msg.client.jakarta.jms.JmsFactoryFactory"));
        assertEquals(Api.JAVAX, Api.ofClassName(javax.jms.ConnectionFactory.class.getName()));
        assertNull(Api.ofClassName("com.ibm.mq.jms.MQConnectionFactory"));
        assertNull(Api.ofClassName("org.example.jakartaish.Factory"));
        assertNull(Api.ofClassName(null));
    }

    private static final Map<String, Reference> BOUND = new ConcurrentHashMap<>();

    /** An environment whose context holds {@code ref} under {@code name} (null: a lookup that finds jakarta.jms missing). */
    private static Properties bindings(String name, Reference ref) {
        if (ref != null) {
            BOUND.put(name, ref);
        }
        Properties env = new Properties();
        env.setProperty(Context.INITIAL_CONTEXT_FACTORY, Bindings.class.getName());
        return env;
    }

    /**
     * Stands in for a file-system context (fscontext, not on this class path) only in where the
     * Reference is kept: the lookup turns it into an object through JNDI's own NamingManager, as
     * fscontext does, which hands back the Reference when its factory cannot be loaded.
     */
    public static final class Bindings implements InitialContextFactory {
        @Override
        public Context getInitialContext(Hashtable<?, ?> environment) {
            return (Context) Proxy.newProxyInstance(Bindings.class.getClassLoader(), new Class<?>[] {Context.class},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "lookup" -> lookup(String.valueOf(args[0]), environment);
                        case "close" -> null;
                        default -> throw new javax.naming.OperationNotSupportedException(method.getName());
                    });
        }

        private static Object lookup(String name, Hashtable<?, ?> environment) throws Exception {
            if (name.equals("Broken")) {
                // What the JVM throws when a provider's factory class implements jakarta.jms.ConnectionFactory
                // and no jar on the class path holds it.
                throw new NoClassDefFoundError("jakarta/jms/ConnectionFactory");
            }
            Reference ref = BOUND.get(name);
            if (ref == null) {
                throw new NameNotFoundException(name);
            }
            return NamingManager.getObjectInstance(ref, new CompositeName(name), null, environment);
        }
    }
}
