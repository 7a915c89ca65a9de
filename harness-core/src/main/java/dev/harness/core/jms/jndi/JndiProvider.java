package dev.harness.core.jms.jndi;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.JMSException;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.Topic;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NameNotFoundException;
import javax.naming.NamingException;
import javax.naming.NoInitialContextException;
import javax.naming.Reference;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Diagnosis;
import dev.harness.core.jms.Errors;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.ProviderKind;
import dev.harness.core.jms.ProviderKinds;
import dev.harness.core.jms.UnreachableException;

/**
 * Any JMS 2.0 provider whose client is on the class path, through JNDI: the connection factory is
 * looked up by name; queues and topics are looked up by name, or created from their names when JNDI has none.
 * The factory's settings are the provider's own: the harness states what it can read of them.
 */
public final class JndiProvider implements Provider {
    private final String source;
    private final String factoryName;
    private final Context context;
    private final ConnectionFactory factory;
    private final String user;
    private final String password;
    /** The registered kind whose client made the factory; null when none is (its settings and errors are JMS's only). */
    private final ProviderKind owner;
    private final Diagnosis diagnosis;
    /** By kind ("queue", "topic"): the names JNDI gave, and those it lacked and the session made. */
    private final Map<String, Set<String>> lookedUp = new TreeMap<>();
    private final Map<String, Set<String>> created = new TreeMap<>();

    /**
     * @param environment the JNDI environment (a jndi.properties file's entries)
     * @param source where the environment came from, for the header
     * @throws SettingsException a setting is wrong (the message names --jndi or --cf)
     * @throws UnreachableException the naming service could not be reached
     */
    public JndiProvider(Properties environment, String source, String factoryName, String user, String password)
            throws UnreachableException {
        this.source = source;
        this.factoryName = factoryName;
        this.user = user;
        this.password = password;
        String initial = environment.getProperty(Context.INITIAL_CONTEXT_FACTORY);
        if (initial == null || initial.isBlank()) {
            throw new SettingsException("--jndi " + source, "expected a " + Context.INITIAL_CONTEXT_FACTORY
                    + " entry naming the provider's context factory class");
        }
        Context opened = null;
        try {
            opened = new InitialContext(new Hashtable<>(environment));
            Object found = opened.lookup(factoryName);
            if (found instanceof Reference ref) {
                throw new SettingsException("--cf " + factoryName, "JNDI holds a reference to a " + ref.getClassName()
                        + " that its factory " + ref.getFactoryClassName() + " cannot make here"
                        + hint(Api.ofClassName(ref.getClassName()), "its client's jars"));
            }
            if (!(found instanceof ConnectionFactory cf)) {
                throw new SettingsException("--cf " + factoryName, "JNDI holds "
                        + (found == null ? "nothing" : "a " + found.getClass().getName())
                        + " under that name, not a " + ConnectionFactory.class.getName());
            }
            this.factory = cf;
            this.owner = ProviderKinds.owner(cf).orElse(null);
            this.diagnosis = owner == null ? Diagnosis.GENERIC : owner.diagnosis();
            this.context = opened;
        } catch (IllegalArgumentException e) {
            closeQuietly(opened);
            // A context factory that refuses an entry of the file says so this way.
            throw e instanceof SettingsException s ? s : new SettingsException("--jndi " + source, Errors.oneLine(e));
        } catch (NoInitialContextException e) {
            throw new SettingsException("--jndi " + source, "cannot load the context factory " + initial
                    + " (" + Errors.oneLine(e) + "); put the provider's client jars on the class path (HARNESS_CLASSPATH)");
        } catch (NameNotFoundException e) {
            closeQuietly(opened);
            throw new SettingsException("--cf " + factoryName, "no such name in JNDI (" + source + ")");
        } catch (NamingException e) {
            closeQuietly(opened);
            Api missing = Api.ofMissingClass(e);
            if (missing != null) {
                throw new SettingsException("--jndi " + source, "the provider's classes need a class of "
                        + missing.title() + " that is not on the class path (" + Errors.oneLine(e) + ")"
                        + hint(missing, "the jar that holds it"));
            }
            throw new UnreachableException("cannot read JNDI (" + source + "): " + Errors.oneLine(e), e);
        } catch (LinkageError e) {
            closeQuietly(opened);
            // A class the provider needs is missing: of the other namespace, or a jar left off.
            throw new SettingsException("--jndi " + source, (e instanceof NoClassDefFoundError && e.getMessage() != null
                    ? "the provider's classes need " + e.getMessage().replace('/', '.') + ", which is not on the class path"
                    : "the provider's classes cannot be loaded: " + Errors.oneLine(e))
                    + hint(Api.ofMissingClass(e), "the jar that holds it"));
        }
    }

    /** What to do about a factory of {@code api}'s namespace (or of none told) that this jar cannot make. */
    private static String hint(Api api, String jars) {
        if (api != null && api != Api.current()) {
            return "; it is of " + api.title() + ": give --api " + api;
        }
        return "; put " + jars + " on HARNESS_CLASSPATH";
    }

    /**
     * The namespace of the connection factory JNDI holds under {@code factoryName}, which decides
     * the jar the run goes to when no --api is given; null when it cannot be told (the run then
     * reports why).
     */
    public static Api apiOf(Properties environment, String factoryName) {
        Context opened = null;
        try {
            opened = new InitialContext(new Hashtable<>(environment));
            Object found = opened.lookup(factoryName);
            if (found instanceof Reference ref) {
                // Its object factory is not on this jar's class path (IBM's Jakarta client's, in a
                // .bindings file read by harness.jar): the names it holds tell the namespace.
                Api named = Api.ofClassName(ref.getClassName());
                return named != null ? named : Api.ofClassName(ref.getFactoryClassName());
            }
            return found == null ? null : Api.of(found);
        } catch (NamingException | RuntimeException | LinkageError e) {
            // The provider's classes may need an API this jar does not hold (jakarta.jms in harness.jar).
            return Api.ofMissingClass(e);
        } finally {
            closeQuietly(opened);
        }
    }

    private static void closeQuietly(Context c) {
        if (c != null) {
            try {
                c.close();
            } catch (NamingException e) {
                // Nothing to release that matters.
            }
        }
    }

    /** The jar the factory came from (a client on HARNESS_CLASSPATH), with its manifest's version. */
    @Override
    public String client() {
        Class<?> c = factory.getClass();
        String version = c.getPackage() == null ? null : c.getPackage().getImplementationVersion();
        String jar;
        try {
            jar = java.nio.file.Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).getFileName().toString();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            jar = c.getName();
        }
        return jar + (version == null || jar.contains(version) ? "" : " " + version);
    }

    @Override
    public String target() {
        return "JNDI connection factory " + factoryName + " from " + source;
    }

    /**
     * Any JMS 2.0 client has asynchronous sends, but what completes one is its own: the kind that
     * owns the factory reads its settings (and refuses one whose sends would complete locally);
     * for a factory no registered kind owns, the header says so and names it.
     */
    @Override
    public String acknowledgedAsyncSends() {
        String known = owner == null ? null : owner.acknowledgedAsyncSends(factory);
        if (known != null) {
            return known;
        }
        return "sends with --max-in-flight are JMS 2.0 asynchronous sends of " + factory.getClass().getName()
                + "; when its CompletionListener is called is the provider's own (Artemis's client calls it locally"
                + " at once unless the factory sets confirmationWindowSize): read the provider's documentation of"
                + " asynchronous send before trusting service and ack";
    }

    @Override
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        notes.add("connection factory " + factory.getClass().getName() + ": its settings are the provider's own,"
                + " not changed by the harness");
        if (owner != null) {
            notes.addAll(owner.describe(factory));
        }
        synchronized (this) {
            lookedUp.forEach((kind, names) -> notes.add(kind + "s from JNDI: " + String.join(", ", names)));
            created.forEach((kind, names) -> notes.add(kind + "s not in JNDI, created from their names: "
                    + String.join(", ", names)));
        }
        return notes;
    }

    @Override
    public Connection connect() throws JMSException {
        return user == null ? factory.createConnection() : factory.createConnection(user, password);
    }

    /** JNDI's queue when it has one by that name; the session's queue of that name otherwise. */
    @Override
    public Queue queue(Session session, String name) throws JMSException {
        Queue q = lookUp(name, Queue.class, "queue", "topic");
        return q != null ? q : session.createQueue(name);
    }

    /** JNDI's topic when it has one by that name; the session's topic of that name otherwise. */
    @Override
    public Topic topic(Session session, String name) throws JMSException {
        Topic t = lookUp(name, Topic.class, "topic", "queue");
        return t != null ? t : session.createTopic(name);
    }

    /**
     * What JNDI holds under {@code name}, when it is a {@code kind}; null when it holds nothing
     * there (the caller creates it from its name, and the header says so). Something else there, a
     * queue where a topic is needed or the other way round, is refused in one line naming it.
     */
    private <T> T lookUp(String name, Class<T> type, String kind, String other) throws JMSException {
        Object found;
        synchronized (this) { // a Context need not be thread-safe
            try {
                found = context.lookup(name);
            } catch (NameNotFoundException e) {
                created.computeIfAbsent(kind, k -> new TreeSet<>()).add(name);
                return null;
            } catch (NamingException e) {
                JMSException j = new JMSException("JNDI lookup of " + kind + " " + name + ": " + Errors.oneLine(e));
                j.setLinkedException(e);
                throw j;
            }
            if (found == null) {
                created.computeIfAbsent(kind, k -> new TreeSet<>()).add(name); // a name bound to nothing is as good as none
                return null;
            }
            if (type.isInstance(found)) {
                lookedUp.computeIfAbsent(kind, k -> new TreeSet<>()).add(name);
                return type.cast(found);
            }
        }
        boolean isOther = kind.equals("queue") ? found instanceof Topic : found instanceof Queue;
        throw new JMSException("JNDI holds " + (isOther ? "a " + other : "a " + found.getClass().getName()) + " under "
                + name + ", where a " + kind + " is needed");
    }

    /** The diagnosis of the factory's own client when a registered kind owns it; JMS's own otherwise. */
    @Override
    public Diagnosis diagnosis() {
        return diagnosis;
    }

    @Override
    public String user() {
        return user;
    }

    @Override
    public void close() {
        closeQuietly(context);
        if (factory instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                // As above.
            }
        }
    }
}
