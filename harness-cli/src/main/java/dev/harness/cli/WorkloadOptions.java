package dev.harness.cli;

import java.util.ArrayList;
import java.util.List;

import dev.harness.core.WorkloadKind;
import dev.harness.core.schedule.Warmup;
import dev.harness.core.workload.MessageType;
import dev.harness.core.workload.PayloadContent;
import dev.harness.core.workload.PubSubSettings;
import dev.harness.core.workload.PutSettings;
import dev.harness.core.workload.ReplyBy;
import dev.harness.core.workload.ReqRespSettings;
import dev.harness.core.workload.SizeMix;
import dev.harness.core.workload.SubscriptionKind;
import picocli.CommandLine.Option;

/**
 * harness run's schedule and workload: the rate, the warmup and duration, the messages, the
 * workers and queues. A mixin of run, and of ab and k8s, which pass these options on to the runs
 * they make: one declaration, so that an option added here has one name, default (Defaults) and
 * validation on all three. The workload's settings check the values ({@link RunPlan}).
 */
final class WorkloadOptions {
    @Option(names = "--rate", converter = Values.Rate.class, paramLabel = "N|max",
            description = "Messages per second, all senders together, on one fixed schedule; max = unthrottled. Default: ${DEFAULT-VALUE}.")
    double rate;

    @Option(names = "--workload", defaultValue = "put", paramLabel = "put|reqresp|pubsub", converter = Values.WorkloadChoice.class,
            description = "put: senders (and drainers); reqresp: requesters and responders over request and reply queues;"
                    + " pubsub: publishers on topics, each message to every subscription of its topic."
                    + " Default: ${DEFAULT-VALUE}.")
    WorkloadKind workload;

    @Option(names = "--senders", paramLabel = "N",
            description = "put: sender threads; pubsub: publisher threads; each with its own connection. Default: "
                    + PutSettings.DEFAULT_SENDERS + ".")
    Integer senders;

    @Option(names = "--max-in-flight", paramLabel = "N",
            description = "put, pubsub and reqresp --mode open: sends each sender (requester) keeps unacknowledged, sending with"
                    + " JMS 2.0's CompletionListener; a send completes at the broker's acknowledgement. Default: 1"
                    + " (each send blocks until it returns).")
    Integer maxInFlight;

    @Option(names = "--warmup", converter = Values.WarmupValue.class, paramLabel = "DURATION|auto[:MAX]",
            description = "Warmup before measuring (500ms, 30s, 2m), or auto: until the schedule is kept and the"
                    + " throughput holds for 3 intervals in a row, at least 2s, at most MAX (default 2m); the summary says"
                    + " how long it took. auto is refused with --shard, --start-at, --kill-broker-at and --freeze-at, whose"
                    + " measured phase must begin at a time known ahead. Default: ${DEFAULT-VALUE} (with --shard,"
                    + " --start-at, --kill-broker-at or --freeze-at: 5s).")
    Warmup warmup;

    @Option(names = "--duration", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Measured duration after the warmup. Default: ${DEFAULT-VALUE}.")
    long durationNs;

    @Option(names = "--size", converter = Values.SizeMixValue.class, paramLabel = "SIZE|MIX|file:PATH",
            description = "Message size in bytes, or with KiB/MiB (header included); or a mix of sizes with their shares"
                    + " of the messages in percent, 1KiB:60,10KiB:30,100KiB:10; or file:PATH, a file of sizes one a line,"
                    + " each as often as it is there (at most " + SizeMix.MAX_CLASSES + " distinct). Each message's size"
                    + " follows from its number in the schedule, so every run of one schedule (both sides of an ab) sends"
                    + " the same sizes in the same order; for put and reqresp the summary gives response per size."
                    + " Default: ${DEFAULT-VALUE}.")
    SizeMix size;

    @Option(names = "--payload", converter = Values.PayloadValue.class, paramLabel = "zeros|random|text|file:PATH",
            description = "What fills each body after the harness's header: text, words that compress as prose does;"
                    + " random, bytes that do not compress; zeros, which compress to almost nothing; file:PATH, the"
                    + " application's own messages, each file of a directory or each line of a file, in turn, each body"
                    + " cut at its --size. It matters where the broker or the channel compresses (IBM MQ's COMPMSG)."
                    + " Default: ${DEFAULT-VALUE}.")
    PayloadContent payload;

    @Option(names = "--message-type", converter = Values.MessageTypeValue.class,
            paramLabel = "bytes|text|map|stream|object", description = "The JMS message type, as the"
                    + " application sends: bytes (BytesMessage), text (TextMessage, UTF-8: the header as 72 hex digits, the"
                    + " payload as characters), map (MapMessage: the header as five entries, the payload as string entries"
                    + " of 64 characters), stream (StreamMessage) or object (ObjectMessage of a byte array). Every receiver"
                    + " reads the header of every type; a responder replies in its request's type. Default: ${DEFAULT-VALUE}.")
    MessageType messageType;

    @Option(names = "--properties", paramLabel = "N", description = "Application properties on every message, of mixed"
            + " types in turn (string, int, long, double, boolean: prop1 .. propN), which the broker parses as it does an"
            + " application's (IBM MQ in the MQRFH2 header). Default: 0.")
    Integer properties;

    @Option(names = "--priority", paramLabel = "0-9", description = "The JMS priority of every message, as the"
            + " application sends at; brokers that order by priority put higher ones first. Default: the provider's (4).")
    Integer priority;

    @Option(names = "--property", paramLabel = "NAME=VALUE", description = "A string property on every message"
            + " (repeatable), as the application sets it: --property ORDER_TYPE=limit.")
    List<String> property = new ArrayList<>();

    boolean persistent = true;

    // Two flags for one setting, the last one given wins, so a profile's choice can be overridden
    // (an exclusive argument group would refuse a profile's --persistent followed by --non-persistent).
    @Option(names = "--persistent", description = "Persistent messages (the default).")
    void persistent(boolean flag) {
        persistent = true;
    }

    @Option(names = "--non-persistent", description = "Non-persistent messages.")
    void nonPersistent(boolean flag) {
        persistent = false;
    }

    @Option(names = "--syncpoint", paramLabel = "N",
            description = "Send in a transacted session and commit every N messages; 0 = outside syncpoint."
                    + " Default: " + PutSettings.DEFAULT_SYNCPOINT + " for put, " + ReqRespSettings.DEFAULT_SYNCPOINT
                    + " for reqresp (each request, get and reply committed).")
    Integer syncpoint;

    @Option(names = "--queues", paramLabel = "N",
            description = "put: queues the senders go round robin over (default " + PutSettings.DEFAULT_QUEUES + "); reqresp: N"
                    + " request and N reply queues (default " + ReqRespSettings.DEFAULT_QUEUES + ").")
    Integer queues;

    @Option(names = "--queue-prefix", paramLabel = "P", description = "put: queue names are P1, P2, ... Default: "
            + PutSettings.DEFAULT_QUEUE_PREFIX + ".")
    String queuePrefix;

    @Option(names = "--drainers", paramLabel = "N",
            description = "put: consumers that empty the queues (default: one per queue). 0 = completion is the return of the send, or of the commit.")
    Integer drainers;

    @Option(names = "--topics", paramLabel = "N", description = "pubsub: topics the publishers go round robin over."
            + " Default: " + PubSubSettings.DEFAULT_TOPICS + ".")
    Integer topics;

    @Option(names = "--topic-prefix", paramLabel = "P", description = "pubsub: topic names are P1, P2, ... Default: "
            + PubSubSettings.DEFAULT_TOPIC_PREFIX + " (IBM MQ's developer configuration lets its applications use dev/).")
    String topicPrefix;

    @Option(names = "--subscribers", paramLabel = "N", description = "pubsub: subscriptions on each topic; each message"
            + " goes to every one of its topic's. Default: " + PubSubSettings.DEFAULT_SUBSCRIBERS + ".")
    Integer subscribers;

    @Option(names = "--subscription", paramLabel = "nondurable|durable|shared|shared-durable",
            converter = Values.SubscriptionChoice.class,
            description = "pubsub: the subscriptions' kind. durable ones get a client ID each and names that say which run"
                    + " made them, and are removed after the run. Default: nondurable.")
    SubscriptionKind subscription;

    @Option(names = "--consumers-per-subscription", paramLabel = "N", description = "pubsub, with --subscription shared"
            + " or shared-durable: consumers sharing each subscription, each message to one of them. Default: 1.")
    Integer consumersPerSubscription;

    @Option(names = "--keep-subscriptions", description = "pubsub: leave the run's durable subscriptions on the broker"
            + " after it (they keep every message published to their topics until removed).")
    boolean keepSubscriptions;

    @Option(names = "--consume-delay", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "put: each drainer takes this long over every message it receives (5ms), as a slow application"
                    + " does, so a backlog builds at a known slope when the drainers take less than the rate; the run"
                    + " stays VALID when the sends kept their schedule, and says the consumers were the limit."
                    + " reqresp: each responder here takes this long over every request before it replies.")
    Long consumeDelayNs;

    @Option(names = "--delivery-delay", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "The broker holds each message (reqresp: each request) this long (whole milliseconds, JMS 2.0's"
                    + " delivery delay) before it may deliver it, as for an application's scheduled messages; response"
                    + " and service are measured from the intended time plus the delay, and a reply's --reply-timeout runs"
                    + " from the delay's end. Default: none.")
    Long deliveryDelayNs;

    @Option(names = "--ttl", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Each message's (reqresp: each request's) time to live (whole milliseconds), as the application"
                    + " sets it; the broker discards one not consumed by then. Put and pubsub wait for their last messages"
                    + " no longer than they live, and count those that never came (pubsub: each subscription's copies) as"
                    + " expired, not lost; reqresp counts a request expired when it has no reply by its --reply-timeout"
                    + " (and --delivery-delay), if that is no shorter than its time to live. Default: none (for ever).")
    Long timeToLiveNs;

    @Option(names = "--preload", converter = Values.PreloadValue.class, paramLabel = "N|SIZE",
            description = "put: before the schedule starts, put this many messages of the run's own on each queue (20000),"
                    + " or that much of them in bytes (64MiB), persistent or not as the run is, as fast as the broker takes"
                    + " them, while the drainers wait; the schedule's messages then queue behind the backlog, and response"
                    + " says how long. The put is timed and the drain's end reported. The warmup is 0s unless --warmup is given.")
    Values.Amount preload;

    @Option(names = "--purge", description = "Before the run, remove every message on the queues it consumes from"
            + " (drained, reply, and here-answered request queues) and say how many. Without it a queue that holds"
            + " messages this run did not put there is refused: the harness never consumes others' messages.")
    boolean purge;

    @Option(names = "--requesters", paramLabel = "N", description = "reqresp: requester threads, each with its own"
            + " connection. Default: " + ReqRespSettings.DEFAULT_REQUESTERS + ".")
    Integer requesters;

    @Option(names = "--responders", paramLabel = "N",
            description = "reqresp: responders in this process (default: one per request queue); 0 when harness respond runs them elsewhere.")
    Integer responders;

    @Option(names = "--request-prefix", paramLabel = "P", description = "reqresp: request queues are P1 .. PN. Default: "
            + ReqRespSettings.DEFAULT_REQUEST_PREFIX + ".")
    String requestPrefix;

    @Option(names = "--reply-prefix", paramLabel = "P", description = "reqresp: reply queues are P1 .. PN. Default: "
            + ReqRespSettings.DEFAULT_REPLY_PREFIX + ".")
    String replyPrefix;

    @Option(names = "--reply-timeout", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "reqresp: a reply not received within this is lost. Default: 30s.")
    Long replyTimeoutNs;

    @Option(names = "--mode", paramLabel = "closed|open", converter = Values.ModeChoice.class,
            description = "reqresp: closed, each requester waits for its reply before its next request (default);"
                    + " open, requests leave on schedule whatever happens to replies.")
    ReqRespSettings.Mode mode;

    @Option(names = "--reconnect-every", paramLabel = "N",
            description = "Each sender (publisher, requester) closes its connection and connects again once it has carried N"
                    + " messages (at the end of a unit of work), as applications that reconnect do; each reconnect is"
                    + " timed as the view connect, and messages due meanwhile go late. Default: never.")
    Integer reconnectEvery;

    @Option(names = "--sessions-per-connection", paramLabel = "N",
            description = "Senders (publishers, requesters) share connections, N sessions to one, as the threads of"
                    + " an application server share its pooled connections (on IBM MQ, conversations sharing a channel"
                    + " instance, up to the channel's SHARECNV); a lost connection is every one of its senders'."
                    + " Default: 1 (a connection each).")
    Integer sessionsPerConnection;

    @Option(names = "--ack", paramLabel = "auto|client|dups-ok|transacted[:N]",
            description = "How the run's consumers acknowledge what they get, apart from the senders' --syncpoint: put's"
                    + " drainers, pubsub's subscriptions, and reqresp's responders and reply routers with --syncpoint 0:"
                    + " auto (default), client (each message acknowledged once handled), dups-ok (lazily: a message may"
                    + " come twice, counted as a duplicate), transacted (a commit per get) or transacted:N (a commit every"
                    + " N gets; put and pubsub with --receive sync).")
    String ack;

    @Option(names = "--receive", paramLabel = "listener|sync",
            description = "How the run's consumers get: a message listener (default), or sync, a receive(timeout) loop on"
                    + " a thread and a session per consumer, as an application that polls: put's drainers (one per queue),"
                    + " pubsub's subscriptions and reqresp's responders (one per request queue) and reply routers.")
    String receive;

    @Option(names = "--reply-by", paramLabel = "router|correlation-id|temporary", converter = Values.ReplyByChoice.class,
            description = "reqresp: how requesters get their replies. router (default): one consumer per reply queue hands"
                    + " each reply to its requester; correlation-id: each requester gets each reply with a selector on"
                    + " JMSCorrelationID (the request's JMSMessageID, which the responder copies), a consumer per request"
                    + " on its own session, as MQ requesters do (--mode closed); temporary: a temporary reply queue per"
                    + " requester.")
    ReplyBy replyBy;

    @Option(names = "--drain-timeout", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "How long to wait after the last send for the drainers to catch up. Default: ${DEFAULT-VALUE}.")
    long drainTimeoutNs;

    @Option(names = "--reconnect-timeout", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "When a connection drops, each worker connects again, backing off from 100ms to 1s, for at most"
                    + " this long before the run fails; the schedule runs on, so messages due meanwhile go late and their"
                    + " response carries the outage. 0s: a lost connection fails the run at once. Default: ${DEFAULT-VALUE}.")
    long reconnectTimeoutNs;
}
