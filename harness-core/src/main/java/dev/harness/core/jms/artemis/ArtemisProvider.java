package dev.harness.core.jms.artemis;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;

import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQSession;
import org.apache.activemq.artemis.utils.VersionLoader;

import dev.harness.core.Bounded;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Diagnosis;
import dev.harness.core.jms.MemoryBound;
import dev.harness.core.jms.Provider;

/** Any Apache ActiveMQ Artemis broker, through its javax JMS client over TCP. */
public class ArtemisProvider implements Provider {
    static {
        // Message listeners run on the client's global pool, 8 threads per core by default. When
        // the broker dies, each listener blocked in a call to it holds a thread, and so does the
        // clean-up of its connection, for up to 10 s: enough of them starve the listeners of the
        // new connections, and replies stop for those 10 s. Unbounded, as without global pools.
        if (System.getProperty(ActiveMQClient.THREAD_POOL_MAX_SIZE_PROPERTY_KEY) == null) {
            ActiveMQClient.setGlobalThreadPoolProperties(-1, ActiveMQClient.getGlobalScheduledThreadPoolSize(),
                    ActiveMQClient.getGlobalFlowControlThreadPoolSize());
        }
    }

    private final String url;
    private final String user;
    private final String password;
    private final ArtemisDiagnosis diagnosis;
    /** One factory per connection: see {@link #connect}. */
    private final List<ActiveMQConnectionFactory> factories = new CopyOnWriteArrayList<>();
    /** --max-in-flight above 1: connections confirm sends (see {@link #acknowledgedAsyncSends}). */
    private volatile boolean asyncSends;

    /**
     * @param url e.g. {@code tcp://127.0.0.1:61616}, with any Artemis URL parameters
     * @param user null for no login
     * @param password null for no login; never printed
     */
    public ArtemisProvider(String url, String user, String password) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.diagnosis = new ArtemisDiagnosis(url);
        factory(); // a URL Artemis cannot take fails here, before any connection is tried
    }

    private ActiveMQConnectionFactory factory() {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
        // A persistent send() returns only once the broker has the message; never a local ack.
        factory.setBlockOnDurableSend(true);
        // Reconnecting is the harness's own (it counts and times it), not hidden inside the client.
        factory.setReconnectAttempts(0);
        factory.setInitialConnectAttempts(1);
        if (asyncSends && factory.getConfirmationWindowSize() < 0) {
            factory.setConfirmationWindowSize(CONFIRMATION_WINDOW_BYTES);
        }
        if (asyncSends && factory.getProducerWindowSize() == ActiveMQClient.DEFAULT_PRODUCER_WINDOW_SIZE) {
            // 64 KiB of credits is 32 sends of 2 KiB: past that a send blocks for credits, and the
            // in-flight window asked for would be the client's smaller one.
            factory.setProducerWindowSize(CONFIRMATION_WINDOW_BYTES);
        }
        factories.add(factory);
        return factory;
    }

    /** Bytes of sent packets the client keeps until the broker confirms them, when the URL sets none. */
    static final int CONFIRMATION_WINDOW_BYTES = 1 << 20;

    /**
     * With a CompletionListener, Artemis's client never blocks the send (blockOnDurableSend only
     * applies to sends without one), and without a confirmation window it calls the listener
     * locally, at once, after writing the packet (ClientProducerImpl.send, 2.44). With one, it calls
     * it when the broker confirms the packet, which the broker does once the send's storage
     * operations completed (for a persistent message, the journal write): a broker acknowledgement.
     */
    @Override
    public String acknowledgedAsyncSends() {
        asyncSends = true;
        ActiveMQConnectionFactory f = factory();
        int window = f.getConfirmationWindowSize();
        return "sends with --max-in-flight are asynchronous (CompletionListener) and complete when the broker confirms"
                + " them: confirmationWindowSize=" + window + (window == CONFIRMATION_WINDOW_BYTES ? " (set by the harness)"
                : " (from the URL)") + ", producerWindowSize=" + f.getProducerWindowSize() + " (credits for sends in flight)"
                + CONFIRMED_WHEN;
    }

    /** When the broker confirms a send, for the header's acknowledgement sentence. */
    static final String CONFIRMED_WHEN = "; the broker confirms a persistent send after its journal write, a"
            + " non-persistent one on arrival (without a confirmation window Artemis would call the listener locally at once)";

    public static String clientVersion() {
        return VersionLoader.getVersion().getFullVersion();
    }

    @Override
    public String client() {
        return (Api.current() == Api.JAKARTA ? "artemis-jakarta-client " : "artemis-jms-client ") + clientVersion();
    }

    @Override
    public String target() {
        return "Artemis at " + url;
    }

    @Override
    public List<String> notes() {
        if (asyncSends) {
            return List.of("sends outside syncpoint do not block (--max-in-flight): each completes at the broker's"
                    + " confirmation, and a sender waits only when its window of unconfirmed sends is full");
        }
        return List.of("persistent sends outside syncpoint block until the broker acknowledges them"
                + " (blockOnDurableSend=true); non-persistent sends do not wait for the broker");
    }

    /**
     * A connection from a factory of its own. A shared factory locks itself while it connects,
     * and the client cleans up a lost connection (waiting up to 10 s for a listener blocked on the
     * dead broker) under locks that a shared factory's next connect waits for: reconnecting
     * workers would queue behind one another.
     */
    @Override
    public Connection connect() throws JMSException {
        ActiveMQConnectionFactory factory = factory();
        try {
            return user == null ? factory.createConnection() : factory.createConnection(user, password);
        } catch (JMSException | RuntimeException e) {
            factories.remove(factory);
            factory.close();
            throw e;
        }
    }

    /** Asked of the broker's core session (a queue query), which never creates the queue. */
    @Override
    public Boolean queueExists(String name) {
        try (Connection c = connect()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            return ((ActiveMQSession) s).getCoreSession().queueQuery(SimpleString.of(name)).isExists();
        } catch (JMSException | ActiveMQException | RuntimeException e) {
            return null; // the broker is asked again, and answers in its own words, when the queue is used
        }
    }

    /** The broker's messageCount, from a queue query on the core session. */
    @Override
    public Long queueDepth(Session session, String name) throws JMSException {
        try {
            ClientSession.QueueQuery q = ((ActiveMQSession) session).getCoreSession().queueQuery(SimpleString.of(name));
            return q.isExists() ? q.getMessageCount() : 0L;
        } catch (ActiveMQException e) {
            throw new JMSException(name + ": " + e.getMessage());
        }
    }

    /** The address's paging, from Artemis's management (a JMS queue's address has its name). */
    @Override
    public Boolean paging(Session session, String queue) {
        return ArtemisManagement.paging(session, queue);
    }

    /** The address settings that match the queue, and the broker's global-max-size, from Artemis's management. */
    @Override
    public MemoryBound memoryBound(Session session, String queue) {
        return ArtemisManagement.memoryBound(session, queue);
    }

    /** Deletes management's reply queue now: left to the connection's end, the broker removes it later, perhaps as it stops. */
    @Override
    public void release(Session session) {
        ArtemisManagement.release(session);
    }

    /** Artemis creates a queue a client names (auto-create-queues, on unless a broker's settings turn it off). */
    @Override
    public boolean createsQueues() {
        return true;
    }

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
        Bounded.runAll("harness-close", factories.stream().<Runnable>map(f -> f::close).toList(), 5_000);
    }
}
