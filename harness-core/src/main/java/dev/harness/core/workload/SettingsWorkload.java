package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import javax.jms.JMSException;

import dev.harness.core.Bounded;
import dev.harness.core.Format;
import dev.harness.core.Setting;
import dev.harness.core.SettingsException;
import dev.harness.core.Units;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.run.Workload;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;

/** A workload whose timing and description are those of its settings. */
abstract class SettingsWorkload implements Workload {
    private final WorkloadSettings settings;
    private long reconnectTimeoutNs;
    /** What completes an asynchronous send with this provider, for the header; null with blocking sends. */
    private String acknowledgement;
    /** --payload: what fills the bodies; text unless asked. */
    private PayloadContent payload = PayloadContent.DEFAULT;
    /** --message-type: bytes unless asked. */
    private MessageType messageType = MessageType.DEFAULT;
    /** --properties and --property: none unless asked. */
    private MessageProperties properties = MessageProperties.NONE;
    /** --priority: null unless asked. */
    private Integer priority;
    /** --delivery-delay: none unless asked. */
    private long deliveryDelayNs;
    /** --ttl: for ever unless asked. */
    private long timeToLiveNs;
    /** --ack and --receive: how the run's consumers get; a listener, auto-acknowledging, unless asked. */
    private Receiving receiving = Receiving.DEFAULT;
    /** --reconnect-every: messages a sender's connection carries before it makes a new one; 0 for never. */
    private int reconnectEvery;
    /** --sessions-per-connection: senders to one connection; 1, a connection each, unless asked. */
    private int sessionsPerConnection = 1;
    /** --purge: the user asked for the messages on the run's queues to be removed before it. */
    private boolean purge;
    /** What the run's consumers select by, from {@link #open}; null before it. */
    private Provider provider;
    private long runId;
    /** The most sessions on one connection: IBM MQ's SHARECNV is at most 999; more is no application's. */
    public static final int MAX_SESSIONS_PER_CONNECTION = 999;
    /** How long counting others' messages after the run may take: the broker may be gone. */
    private static final long OTHERS_LEFT_BOUND_MS = 10_000;

    SettingsWorkload(WorkloadSettings settings) {
        this.settings = settings;
    }

    /**
     * Workers that lose their connection connect again, backing off, for at most this long
     * before the run fails; 0 (the default here): a lost connection fails the run at once.
     */
    public Workload reconnectWithin(long timeoutNs) {
        this.reconnectTimeoutNs = WorkloadSettings.checkReconnectTimeout(timeoutNs);
        return this;
    }

    /** --payload: what fills the bodies after the harness's header. */
    public Workload payload(PayloadContent content) {
        this.payload = java.util.Objects.requireNonNull(content, "payload");
        return this;
    }

    PayloadContent payload() {
        return payload;
    }

    /** --message-type: the JMS type of every message; its header must fit in the smallest --size. */
    public Workload messageType(MessageType type) {
        java.util.Objects.requireNonNull(type, "type");
        int smallest = settings.size().shares().stream().mapToInt(SizeMix.Share::bytes).min().orElse(0);
        SettingsException.require(smallest >= type.headerBytes(), "--size", "a " + type.option() + " message's header"
                + " takes " + type.headerBytes() + " bytes; expected sizes of at least that, got " + smallest);
        this.messageType = type;
        return this;
    }

    /** --properties and --property: what every message of the run carries besides the run's own. */
    public Workload properties(MessageProperties properties) {
        this.properties = java.util.Objects.requireNonNull(properties, "properties");
        return this;
    }

    MessageProperties properties() {
        return properties;
    }

    /** --priority: the JMS priority of every message, 0 to 9; null leaves the provider's default. */
    public Workload priority(Integer priority) {
        SettingsException.require(priority == null || priority >= 0 && priority <= 9, "--priority",
                "expected 0 to 9 (JMS priorities; 4 is the default), got " + priority);
        this.priority = priority;
        return this;
    }

    /**
     * --delivery-delay: the broker holds each message this long (whole milliseconds, as JMS 2.0 sets
     * it) before it may deliver it; receivers measure from the intended time plus the delay. 0 for none.
     */
    public Workload deliveryDelay(long ns) {
        requireMessageTime("--delivery-delay", ns, "");
        SettingsException.require(ns == 0 || timeToLiveNs == 0 || ns < timeToLiveNs, "--delivery-delay", "every message"
                + " would expire before it could be delivered: give a delay shorter than --ttl");
        SettingsException.require(ns == 0 || !preloads(), "--delivery-delay", "the --preload backlog is put as fast as the"
                + " broker takes it, not on the schedule; leave out one or the other");
        SettingsException.require(settings.warmup().auto() || settings.warmup().longestNs() >= ns, "--delivery-delay",
                "the first deliveries come " + Format.duration(ns) + " after the schedule starts, and a measured phase"
                        + " that begins sooner measures the silence: give a --warmup at least as long, or auto");
        this.deliveryDelayNs = ns;
        return this;
    }

    long deliveryDelayNs() {
        return deliveryDelayNs;
    }

    /** A time JMS sets on a message: whole milliseconds, and shorter than the run waits for its last messages. */
    private void requireMessageTime(String option, long ns, String why) {
        SettingsException.require(ns >= 0 && ns % 1_000_000L == 0, option, "expected whole milliseconds (JMS sets it in"
                + " ms), got " + Units.ms(ns) + " ms");
        SettingsException.require(ns < settings.drainTimeoutNs(), option, "the run waits for its last messages at most"
                + " --drain-timeout, " + Format.duration(settings.drainTimeoutNs()) + why + ": give a longer"
                + " --drain-timeout, or a shorter " + option);
    }

    /**
     * --ttl: each message's time to live (whole milliseconds, as JMS sets it); a message the
     * broker expires is counted expired, not lost. 0 for for ever.
     */
    public Workload timeToLive(long ns) {
        requireMessageTime("--ttl", ns, ", and a message still missing then could not have expired");
        SettingsException.require(ns == 0 || deliveryDelayNs == 0 || deliveryDelayNs < ns, "--ttl", "every message would"
                + " expire before it could be delivered: give a --ttl longer than --delivery-delay");
        SettingsException.require(ns == 0 || !preloads(), "--ttl", "the --preload backlog would expire as it waits, and"
                + " its drain could not be told; leave out one or the other");
        this.timeToLiveNs = ns;
        return this;
    }

    private boolean preloads() {
        return settings instanceof PutSettings put && put.preload() > 0;
    }

    @Override
    public long timeToLiveNs() {
        return timeToLiveNs;
    }

    /**
     * --reconnect-every: each sender closes its connection and connects again once it has carried
     * {@code n} messages (at the end of a unit of work), timed as the view {@code connect}; null for never.
     */
    public Workload reconnectEvery(Integer n) {
        SettingsException.require(n == null || n >= 1, "--reconnect-every", "expected at least 1 message, got " + n);
        SettingsException.require(n == null || !settings.asyncSends(), "--reconnect-every", "a connection closed with"
                + " sends in flight would lose their acknowledgements; give --max-in-flight 1");
        SettingsException.require(n == null || sessionsPerConnection == 1, "--reconnect-every", "a sender that closes a"
                + " connection it shares closes the others' sessions too; leave out --sessions-per-connection");
        this.reconnectEvery = n == null ? 0 : n;
        return this;
    }

    /**
     * --sessions-per-connection: senders (publishers) share connections, {@code n} sessions to one, as
     * an application server's threads share its pooled connections; null for a connection each.
     */
    public Workload sessionsPerConnection(Integer n) {
        SettingsException.require(n == null || n >= 1 && n <= MAX_SESSIONS_PER_CONNECTION, "--sessions-per-connection",
                "expected 1 to " + MAX_SESSIONS_PER_CONNECTION + " sessions, got " + n);
        SettingsException.require(n == null || n == 1 || reconnectEvery == 0, "--sessions-per-connection", "a sender that"
                + " closes a connection it shares (--reconnect-every) closes the others' sessions too; give one or the other");
        this.sessionsPerConnection = n == null ? 1 : n;
        return this;
    }

    /** The connections the senders share, or null when each has its own. */
    SharedConnections sharedConnections() {
        return sessionsPerConnection == 1 ? null : new SharedConnections(sessionsPerConnection);
    }

    int reconnectEvery() {
        return reconnectEvery;
    }

    /** --ack and --receive: how the run's consumers get and acknowledge. */
    public Workload receiving(Receiving receiving) {
        this.receiving = java.util.Objects.requireNonNull(receiving, "receiving");
        return this;
    }

    Receiving receiving() {
        return receiving;
    }

    /**
     * {@code burst}, sending messages as this run's do (payload, properties, priority) and getting
     * them as its consumers do, so that it warms their path too. Not the delivery delay: the burst
     * would wait it out, and the broker's holding of a message is no path of the harness's to warm.
     */
    <W extends SettingsWorkload> W sameMessages(W burst) {
        SettingsWorkload same = burst;
        same.payload = payload;
        same.messageType = messageType;
        same.properties = properties;
        same.priority = priority;
        same.receiving = receiving;
        same.reconnectEvery = reconnectEvery;
        same.timeToLiveNs = timeToLiveNs;
        same.sessionsPerConnection = sessionsPerConnection;
        return burst;
    }

    /** What every message of the run carries besides the header: made once, before the run. */
    MessageContent content() {
        return MessageContent.of(settings.size(), payload, properties, priority, messageType, deliveryDelayNs,
                timeToLiveNs);
    }

    /** --purge: messages found on the queues the run consumes from are removed first, not refused. */
    public Workload purge(boolean purge) {
        this.purge = purge;
        return this;
    }

    /** The queues this process consumes from (drains, routes replies from, answers requests on). */
    abstract List<String> consumedQueues();

    /** The options that name the queues, for the way on when they are taken. */
    String queueOptions() {
        return "--queue-prefix";
    }

    @Override
    public String claimQueues(Provider provider) throws UnreachableException {
        // First of all, before the queues are looked at or purged: properties that would not travel
        // are refused, not sent in vain.
        SettingsException.require(!properties.any() || provider.carriesProperties(), "--properties",
                "this provider's messages carry no properties here (IBM MQ with --mq-target-client mq puts no MQRFH2):"
                        + " give --mq-target-client jms, or no --properties and --property");
        List<String> queues = consumedQueues();
        if (queues.isEmpty()) {
            return null;
        }
        try {
            return QueueClaim.claim(provider, queues, purge, queueOptions());
        } catch (JMSException e) {
            throw UnreachableException.connecting(provider, e);
        }
    }

    /** Remembers what the run's consumers select by, for {@link #othersLeft}; called by open. */
    void selecting(Provider provider, long runId) {
        this.provider = provider;
        this.runId = runId;
        QueueClaim.ran(runId);
    }

    /** The provider the run opened on, null before {@link #open}; and its run id. */
    Provider openedOn() {
        return provider;
    }

    long runId() {
        return runId;
    }

    @Override
    public long othersLeft() {
        List<String> queues = consumedQueues();
        if (provider == null || !provider.carriesProperties() || queues.isEmpty()) {
            return -1;
        }
        AtomicLong left = new AtomicLong(-1);
        Bounded.runAll("harness-others-left", List.of(() -> {
            try {
                left.set(QueueClaim.othersLeft(provider, queues, runId));
            } catch (JMSException | RuntimeException e) {
                // The broker gone or the queue not browsable: not counted, and the summary says nothing.
            }
        }), OTHERS_LEFT_BOUND_MS);
        return left.get();
    }

    /** With --max-in-flight above 1: a provider without acknowledged asynchronous sends refuses here, before any connection. */
    void acknowledgedAsyncSends(Provider provider, boolean asyncSends) {
        acknowledgement = asyncSends ? provider.acknowledgedAsyncSends() : null;
    }

    long reconnectTimeoutNs() {
        return reconnectTimeoutNs;
    }

    /** How many messages the schedule holds, or 0 when it is unthrottled. */
    long scheduledTotal() {
        return settings.rate() == 0 ? 0
                : new Schedule(0, settings.rate(), settings.warmup().longestNs() + settings.durationNs(), settings.shard()).total();
    }

    @Override
    public List<Setting> describe() {
        List<Setting> s = new ArrayList<>(settings.describe());
        for (int i = 0; i < s.size(); i++) {
            if (s.get(i).name().equals("size")) {
                int at = i + 1;
                s.add(at++, new Setting("payload", payload.describe()));
                s.add(at++, new Setting("message type", messageType.describe()));
                if (properties.any()) {
                    s.add(at++, new Setting("properties", properties.describe()));
                }
                if (priority != null) {
                    s.add(at++, new Setting("priority", priority + " (JMS priority, 0 to 9)"));
                }
                if (timeToLiveNs > 0) {
                    s.add(at++, new Setting("ttl", Format.duration(timeToLiveNs) + " (each message's time to live: one"
                            + " not received by then is counted expired, not lost)"));
                }
                if (deliveryDelayNs > 0) {
                    s.add(at, new Setting("delivery delay", Format.duration(deliveryDelayNs) + ": the broker holds each"
                            + " message that long before it may deliver it; response and service are measured from the"
                            + " intended time plus the delay"));
                }
                break;
            }
        }
        // Beside the consumers it is about; in syncpoint request/response's responders and routers
        // commit each get with its unit of work, whatever --ack says.
        boolean unitOfWork = settings instanceof ReqRespSettings r && r.syncpoint() > 0;
        String consumers = settings instanceof PutSettings put ? (put.drainers() > 0 ? "drainers" : null)
                : settings instanceof PubSubSettings ? "subscriptions"
                : settings instanceof ReqRespSettings && (!unitOfWork || receiving.sync()) ? "responders"
                : null;
        if (consumers != null) {
            String how = unitOfWork ? receiving.how() + "; each get commits in its unit of work (--syncpoint)"
                    : receiving.describe();
            for (int i = 0; i < s.size(); i++) {
                if (s.get(i).name().equals(consumers)) {
                    if (receiving.sync()) { // a loop per queue: their capacity as it is
                        s.set(i, settings instanceof PutSettings put ? put.drainersSetting(true)
                                : settings instanceof ReqRespSettings r ? r.respondersSetting(true) : s.get(i));
                    }
                    s.add(i + 1, new Setting("receive", how)); // how the consumers get, beside them
                    break;
                }
            }
        }
        if (!settings.shard().whole()) {
            s.add(new Setting("shard", settings.shard() + ": messages k of the schedule with k mod " + settings.shard().count()
                    + " = " + settings.shard().index() + ", " + Format.rate(settings.shard().share(settings.rate()))
                    + "/s of its " + Format.rate(settings.rate()) + "/s"));
        }
        s.add(new Setting("reconnect", reconnectTimeoutNs == 0 ? "off (a lost connection fails the run)"
                : "for up to " + Format.duration(reconnectTimeoutNs) + ", backing off from 100ms to 1s"));
        if (sessionsPerConnection > 1) {
            int workers = settings instanceof PubSubSettings p ? p.publishers() : settings instanceof PutSettings put
                    ? put.senders() : settings instanceof ReqRespSettings r ? r.requesters() : 0;
            String kind = settings instanceof PubSubSettings ? "publishers" : settings instanceof ReqRespSettings
                    ? "requesters" : "senders";
            int connections = (workers + sessionsPerConnection - 1) / sessionsPerConnection;
            s.add(new Setting("connections", Units.count(connections) + " for " + Units.count(workers) + " " + kind + ": "
                    + sessionsPerConnection + " sessions to a connection (--sessions-per-connection), as an application"
                    + " server's threads share its pool's"));
        }
        if (reconnectEvery > 0) {
            String worker = settings instanceof ReqRespSettings ? "requester" : settings instanceof PubSubSettings ? "publisher"
                    : "sender";
            s.add(new Setting("reconnect every", Units.count(reconnectEvery) + " messages: each " + worker + " then closes its"
                    + " connection and connects again, timed as connect"));
        }
        if (acknowledgement != null) {
            s.add(new Setting("acknowledgement", acknowledgement));
        }
        return s;
    }

    @Override
    public Shard shard() {
        return settings.shard();
    }

    @Override
    public double rate() {
        return settings.rate();
    }

    @Override
    public Warmup warmup() {
        return settings.warmup();
    }

    @Override
    public long durationNs() {
        return settings.durationNs();
    }

    @Override
    public long drainTimeoutNs() {
        return settings.drainTimeoutNs();
    }
}
