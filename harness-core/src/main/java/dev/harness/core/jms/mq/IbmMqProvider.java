package dev.harness.core.jms.mq;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.Topic;

import com.ibm.mq.MQException;
import com.ibm.msg.client.jms.JmsConnectionFactory;
import com.ibm.msg.client.jms.JmsFactoryFactory;
import com.ibm.msg.client.jms.JmsPropertyContext;
import com.ibm.msg.client.wmq.WMQConstants;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Diagnosis;
import dev.harness.core.jms.Provider;

/**
 * IBM MQ through the IBM MQ classes for JMS, always over client transport: the client's
 * default, bindings mode, needs a queue manager on this machine and fails with 2495 without one.
 */
public final class IbmMqProvider implements Provider {
    /** mqclient.ini's TCP stanza as system properties: read once, when the MQ client first loads. */
    static final String NEGOTIATION_TIMEOUT_PROPERTY = "com.ibm.mq.cfg.TCP.QmgrNegotiationFlowTimeout";
    static final String CONNECT_TIMEOUT_PROPERTY = "com.ibm.mq.cfg.TCP.Connect_Timeout";

    private static final MqDiagnosis DIAGNOSIS = new MqDiagnosis();

    private final MqSettings settings;
    private final JmsConnectionFactory factory;
    private final int negotiationTimeoutSeconds;
    private volatile String resolvedQueueManager;
    /** Why the command server tells no depth (no answer, or a refusal), once it did not: it is asked no more. */
    private volatile String depthUntold;
    /** The command server has answered once: a later answer that does not come in time is no count that once. */
    private volatile boolean depthAnswered;

    public IbmMqProvider(MqSettings settings) throws JMSException {
        this.settings = settings;
        // Before the first MQ class loads: the client reads these once per JVM.
        this.negotiationTimeoutSeconds = setIfAbsent(NEGOTIATION_TIMEOUT_PROPERTY, settings.connectTimeoutSeconds());
        setIfAbsent(CONNECT_TIMEOUT_PROPERTY, settings.connectTimeoutSeconds());
        if (settings.cipherSuite() != null && System.getProperty("com.ibm.mq.cfg.useIBMCipherMappings") == null) {
            // Lets a non-IBM JVM name cipher suites as the JVM does (TLS_AES_128_GCM_SHA256).
            System.setProperty("com.ibm.mq.cfg.useIBMCipherMappings", "false");
        }
        this.factory = factory(settings);
    }

    /** The connection factory, every property set from the settings (and readable back). */
    static JmsConnectionFactory factory(MqSettings s) throws JMSException {
        JmsConnectionFactory f = JmsFactoryFactory.getInstance(WMQConstants.WMQ_PROVIDER).createConnectionFactory();
        f.setIntProperty(WMQConstants.WMQ_CONNECTION_MODE, WMQConstants.WMQ_CM_CLIENT);
        f.setStringProperty(WMQConstants.WMQ_QUEUE_MANAGER, s.queueManager());
        if (s.ccdtUrl() != null) {
            f.setStringProperty(WMQConstants.WMQ_CCDTURL, s.ccdtUrl());
        } else {
            f.setStringProperty(WMQConstants.WMQ_CHANNEL, s.address().channel());
            f.setStringProperty(WMQConstants.WMQ_CONNECTION_NAME_LIST, s.address().connName());
        }
        f.setStringProperty(WMQConstants.WMQ_APPLICATIONNAME, s.appName());
        if (s.user() != null) {
            f.setBooleanProperty(WMQConstants.USER_AUTHENTICATION_MQCSP, true);
            f.setStringProperty(WMQConstants.USERID, s.user());
            f.setStringProperty(WMQConstants.PASSWORD, s.password());
        }
        if (s.cipherSuite() != null) {
            f.setStringProperty(WMQConstants.WMQ_SSL_CIPHER_SUITE, s.cipherSuite());
        }
        f.setIntProperty(WMQConstants.WMQ_CLIENT_RECONNECT_OPTIONS, switch (s.reconnect()) {
            case OFF -> WMQConstants.WMQ_CLIENT_RECONNECT_DISABLED;
            case ANY -> WMQConstants.WMQ_CLIENT_RECONNECT;
            case QMGR -> WMQConstants.WMQ_CLIENT_RECONNECT_Q_MGR;
        });
        return f;
    }

    /** Every queue gets the settings that change results explicitly, not from its definition. */
    Queue configure(Queue queue) throws JMSException {
        configure((JmsPropertyContext) queue);
        return queue;
    }

    /** A topic is published with the same persistence, target client and async put as a queue is put to. */
    @Override
    public Topic topic(Session session, String name) throws JMSException {
        Topic topic = session.createTopic(name);
        configure((JmsPropertyContext) topic);
        return topic;
    }

    private void configure(JmsPropertyContext q) throws JMSException {
        q.setIntProperty(WMQConstants.WMQ_PERSISTENCE, WMQConstants.WMQ_PER_APP);
        q.setIntProperty(WMQConstants.WMQ_TARGET_CLIENT, settings.targetClient() == MqSettings.TargetClient.MQ
                ? WMQConstants.WMQ_TARGET_DEST_MQ : WMQConstants.WMQ_TARGET_DEST_JMS);
        q.setIntProperty(WMQConstants.WMQ_PUT_ASYNC_ALLOWED, settings.asyncPut()
                ? WMQConstants.WMQ_PUT_ASYNC_ALLOWED_ENABLED : WMQConstants.WMQ_PUT_ASYNC_ALLOWED_DISABLED);
        q.setIntProperty(WMQConstants.WMQ_READ_AHEAD_ALLOWED, settings.readAhead()
                ? WMQConstants.WMQ_READ_AHEAD_ALLOWED_ENABLED : WMQConstants.WMQ_READ_AHEAD_ALLOWED_DISABLED);
    }

    /** Without an MQRFH2 (target client MQ) a JMS property does not travel. */
    @Override
    public boolean carriesProperties() {
        return settings.targetClient() != MqSettings.TargetClient.MQ;
    }

    JmsConnectionFactory factory() {
        return factory;
    }

    @Override
    public String target() {
        String qmgr = resolvedQueueManager != null ? resolvedQueueManager
                : settings.queueManager().isEmpty() ? "(whichever owns the listener)" : settings.queueManager();
        String where = settings.ccdtUrl() != null ? "via CCDT " + settings.ccdtUrl() : settings.address().toString();
        return "IBM MQ queue manager " + qmgr + " " + where + " (client transport)";
    }

    /**
     * IBM MQ classes for JMS 9.4 implement JMS 2.0's asynchronous send: the send returns once the
     * client has taken the message, and a thread of its session (JmsSessionImpl's
     * CompletionListenerRunner) calls the listener when the put is done. Read from the client,
     * not run here: no queue manager can run on this project's machines. With async put
     * (--mq-async-put) that put itself returns before the queue manager has the message, so a
     * completion would be local: refused.
     */
    @Override
    public String acknowledgedAsyncSends() {
        if (settings.asyncPut()) {
            throw new SettingsException("--max-in-flight", "with --mq-async-put a put completes before the queue"
                    + " manager has the message, so its acknowledgement would be the client's own; drop --mq-async-put"
                    + " (or give --max-in-flight 1)");
        }
        return "sends with --max-in-flight are JMS 2.0 asynchronous sends of IBM MQ classes for JMS: the client's"
                + " session puts each message (async put off: the put waits for the queue manager's answer) and calls"
                + " the CompletionListener when the put returned; not verified against a queue manager by this harness's"
                + " tests";
    }

    @Override
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        notes.add("IBM MQ classes for " + (Api.current() == Api.JAKARTA ? "Jakarta Messaging " : "JMS ") + clientVersion() + "; address from " + settings.addressSource()
                + ", application name " + settings.appName()
                + (settings.user() == null ? ", no user" : ", user " + settings.user() + " (MQCSP authentication)")
                + (settings.cipherSuite() == null ? ", no TLS" : ", TLS " + settings.cipherSuite()));
        notes.add("persistence: JMS PERSISTENT puts MQPER_PERSISTENT and NON_PERSISTENT MQPER_NOT_PERSISTENT; queues are"
                + " opened with persistence APP, so the queue's DEFPSIST does not decide");
        notes.add("syncpoint: a transacted session puts and gets with MQPMO/MQGMO_SYNCPOINT and commit() is MQCMIT;"
                + " outside syncpoint each put is its own unit of work");
        notes.add(settings.asyncPut()
                ? "async put ON: puts outside syncpoint return before the queue manager has the message, so service"
                        + " time measures the client and a failed put surfaces later"
                : "async put off: every put outside syncpoint waits for the queue manager's answer");
        notes.add(settings.readAhead()
                ? "read ahead ON: non-persistent messages outside syncpoint are streamed to consumers before they ask"
                : "read ahead off: every get is a call to the queue manager");
        notes.add(settings.targetClient() == MqSettings.TargetClient.MQ
                ? "target client MQ: messages carry no MQRFH2 header, so no property to select the run's own by: the"
                        + " queues are checked empty before the run, but a message another application puts on them"
                        + " during it is consumed (counted in the summary); use queues nobody else puts to"
                : "target client JMS: messages carry an MQRFH2 header, and the run's consumers select its own messages"
                        + " by the property harness_run (a linear scan of the queue in the queue manager; cheap while"
                        + " the queue holds only the run's messages)");
        notes.add(switch (settings.reconnect()) {
            case OFF -> "automatic reconnect off: a lost connection ends the run";
            case ANY -> "automatic reconnect ON (any queue manager of the list): an outage shows as one slow call";
            case QMGR -> "automatic reconnect ON (same queue manager): an outage shows as one slow call";
        });
        String untold = depthUntold;
        notes.add(untold != null ? "queue depth: browsed, not the queue manager's own count: " + untold
                : "queue depth: the queue manager's CURDEPTH (it counts puts not yet committed), asked of its command"
                        + " server with a PCF Inquire Queue on " + PcfDepth.COMMAND_QUEUE + " over a connection of the run's;"
                        + " browsed where the command server does not answer");
        notes.add("connecting gives up after " + negotiationTimeoutSeconds + " s without an answer ("
                + NEGOTIATION_TIMEOUT_PROPERTY + ")");
        return notes;
    }

    @Override
    public Connection connect() throws JMSException {
        long start = System.nanoTime();
        try {
            Connection c = settings.user() == null ? factory.createConnection()
                    : factory.createConnection(settings.user(), settings.password());
            remember(c);
            return c;
        } catch (JMSException e) {
            long waitedNs = System.nanoTime() - start;
            OptionalInt reason = MqReasons.reasonCode(e);
            if (reason.isPresent() && reason.getAsInt() == 2009
                    && waitedNs >= TimeUnit.SECONDS.toNanos(negotiationTimeoutSeconds) * 9 / 10) {
                throw new NoAnswerException(e, negotiationTimeoutSeconds);
            }
            throw e;
        }
    }

    private void remember(Connection c) {
        if (resolvedQueueManager == null && c instanceof JmsPropertyContext p) {
            try {
                String name = p.getStringProperty(WMQConstants.WMQ_RESOLVED_QUEUE_MANAGER);
                if (name != null && !name.isBlank()) {
                    resolvedQueueManager = name.strip();
                }
            } catch (JMSException | RuntimeException e) {
                // Only for the header; the configured name stands.
            }
        }
    }

    @Override
    public Queue queue(Session session, String name) throws JMSException {
        return configure(session.createQueue(name));
    }

    /**
     * CURDEPTH, from the command server through a PCF Inquire Queue on {@code session}
     * ({@link PcfDepth}). Where it refuses (no authority), or never answers in time, it is asked no
     * more, and the depth is browsed instead; once it has answered, a late answer (a queue manager
     * held up) is only no count this time.
     */
    @Override
    public Long queueDepth(Session session, String name) throws JMSException {
        if (depthUntold != null || session.getTransacted()) {
            return null; // a transacted session would hold the inquiry back until its caller commits
        }
        try {
            PcfDepth.Answer answer = PcfDepth.ask(session, name);
            if (answer == null) {
                if (!depthAnswered) {
                    depthUntold = "the command server (" + PcfDepth.COMMAND_QUEUE + ") did not answer within "
                            + PcfDepth.ANSWER_MS + " ms";
                }
                return null;
            }
            depthAnswered = true;
            return answer.depth();
        } catch (PcfDepth.Refused r) {
            depthUntold = "the command server refused the inquiry: " + MqReasons.name(r.reason) + " (" + r.reason + ")";
            return null;
        } catch (JMSException e) {
            OptionalInt reason = MqReasons.reasonCode(e);
            if (reason.isPresent() && MqReasons.refusesRequest(reason.getAsInt())) {
                depthUntold = "the queue manager refused the depth inquiry: " + MqReasons.explain(e);
                return null;
            }
            throw e; // the connection's: the caller connects again
        }
    }

    /** Replies are put with the same async put and target client as every other put. */
    @Override
    public Destination replyDestination(Destination replyTo) throws JMSException {
        return replyTo instanceof Queue q && replyTo instanceof JmsPropertyContext ? configure(q) : replyTo;
    }

    /**
     * The client gives a request's JMSReplyTo back as a plain MQQueue, built from its MQMD: a
     * temporary dynamic queue is told by the name the queue manager gave it from the model queue
     * (AMQ. and more, the JMS client's default prefix).
     */
    @Override
    public boolean isTemporary(Destination replyTo) throws JMSException {
        return Provider.super.isTemporary(replyTo) || replyTo instanceof Queue q && q.getQueueName() != null
                && baseName(q.getQueueName()).startsWith(TEMPORARY_PREFIX);
    }

    /** A queue's own name from the client's form of it: {@code queue://QM1/AMQ.5F3A?targetClient=1} is AMQ.5F3A. */
    static String baseName(String name) {
        String n = name;
        if (n.startsWith("queue://")) {
            n = n.substring("queue://".length());
            n = n.substring(n.indexOf('/') + 1);
        }
        int options = n.indexOf('?');
        return options < 0 ? n : n.substring(0, options);
    }

    /** The names temporary dynamic queues get from SYSTEM.DEFAULT.MODEL.QUEUE by the JMS client's default. */
    static final String TEMPORARY_PREFIX = "AMQ.";

    @Override
    public Diagnosis diagnosis() {
        return DIAGNOSIS;
    }

    @Override
    public String user() {
        return settings.user();
    }

    @Override
    public String explain(Exception e) {
        if (e instanceof NoAnswerException n) {
            return MqReasons.explain(n.getLinkedException(), "nothing answered within " + n.seconds + " s: something"
                    + " accepts connections there but does not speak MQ (check the port), or the queue manager is"
                    + " overloaded (raise --mq-connect-timeout)");
        }
        return DIAGNOSIS.explain(e);
    }

    @Override
    public void close() {
        // The factory holds no resources; connections are closed by their owners.
    }

    /** From the client's own version.properties: a shaded jar keeps no manifest of IBM's. */
    public static String clientVersion() {
        try (InputStream in = MQException.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("com.ibm.mq", "(version unknown)");
        } catch (IOException | IllegalArgumentException e) {
            return "(version unknown)";
        }
    }

    @Override
    public String client() {
        return (Api.current() == Api.JAKARTA ? "com.ibm.mq.jakarta.client " : "com.ibm.mq.allclient ") + clientVersion();
    }

    /** The effective value in seconds: the user's own setting wins over ours. */
    private static int setIfAbsent(String property, int seconds) {
        String existing = System.getProperty(property);
        if (existing != null) {
            try {
                return Integer.parseInt(existing.strip());
            } catch (NumberFormatException e) {
                return seconds;
            }
        }
        System.setProperty(property, Integer.toString(seconds));
        return seconds;
    }

    /** The connect failed with 2009 after the whole negotiation timeout: a silent peer, not a closed one. */
    static final class NoAnswerException extends JMSException {
        final int seconds;

        NoAnswerException(JMSException cause, int seconds) {
            super("no answer within " + seconds + " s", cause.getErrorCode());
            this.seconds = seconds;
            setLinkedException(cause);
            initCause(cause);
        }
    }
}
