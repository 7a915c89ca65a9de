package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import javax.jms.JMSException;

import dev.harness.core.Bounded;
import dev.harness.core.WorkloadKind;
import dev.harness.core.SettingsException;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.Measurement;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.FanOutSummary;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.SenderLoad;
import dev.harness.core.run.Workload;
import dev.harness.core.schedule.Schedule;

/**
 * Publish/subscribe: publishers on one fixed-rate schedule, round robin over the topics; on each
 * topic its subscriptions, which exist before message 0 is due. Every copy a subscription receives
 * is measured from the message's intended publish time ({@code response}, one sample per delivery),
 * and the copy that completes a message's fan-out, the last of its topic's subscriptions to get
 * it, is the message's completion ({@code fanout}, one sample per message).
 */
public final class PubSubWorkload extends SettingsWorkload {
    private static final long CLOSE_TIMEOUT_MS = 5_000;
    /** How long removing the run's durable subscriptions may take: the broker may be gone. */
    private static final long UNSUBSCRIBE_BOUND_MS = 10_000;

    private final PubSubSettings settings;
    private final List<Sender> publishers = new ArrayList<>();
    private final List<Subscription> subscriptions = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private Reconnect reconnect;
    private SubscriptionLedgers ledgers;
    private FanOut fanOut;
    private Provider provider;
    private FanOutSummary ended;
    private BacklogWatch backlogs;

    public PubSubWorkload(PubSubSettings settings) {
        super(settings);
        this.settings = settings;
    }

    @Override
    public WorkloadKind kind() {
        return WorkloadKind.PUBSUB;
    }

    @Override
    public void open(Provider provider, RunControl control, long runId) throws UnreachableException {
        this.provider = provider;
        acknowledgedAsyncSends(provider, settings.asyncSends());
        reconnect = new Reconnect(provider, control, reconnectTimeoutNs());
        ledgers = new SubscriptionLedgers(settings.topics(), settings.subscribers(),
                settings.rate() == 0 ? Ledger.NO_TOTAL : scheduledTotal(), settings.publishers());
        fanOut = FanOut.forRate(settings.copies(), settings.rate());
        try {
            // Subscriptions first: none of the schedule is published to a topic nobody subscribes to yet.
            for (int t = 0; t < settings.topics(); t++) {
                for (int s = 0; s < settings.subscribers(); s++) {
                    Subscription sub = new Subscription(settings, t, s, runId, ledgers, fanOut, control);
                    sub.deliveredAfter(deliveryDelayNs());
                    sub.receiving(receiving());
                    subscriptions.add(sub);
                    sub.open(provider, reconnect);
                }
            }
            MessageContent content = content();
            SharedConnections shared = sharedConnections();
            for (int p = 0; p < settings.publishers(); p++) {
                Sender publisher = Sender.publisher(p, settings, control, runId, content, ledgers, reconnect);
                publisher.reconnectEvery(reconnectEvery());
                publisher.shareConnections(shared);
                publishers.add(publisher);
                publisher.open(provider);
            }
        } catch (SettingsException e) {
            close();
            throw e; // an option this provider's client refuses (--delivery-delay): the user's to change
        } catch (JMSException | RuntimeException e) {
            close();
            throw UnreachableException.connecting(provider, e);
        }
    }

    @Override
    public void start(Schedule schedule, Measurement measurement, Provider provider) throws UnreachableException {
        reconnect.bind(measurement.outages());
        measurement.meter().deliveredAfter(deliveryDelayNs()); // completions are deliveries, due after the delay
        try {
            for (Subscription s : subscriptions) {
                s.bind(measurement);
            }
        } catch (JMSException e) {
            throw new UnreachableException("cannot start a subscriber: " + provider.explain(e), e);
        }
        backlogs = BacklogWatch.start(subscriptions, ledgers, measurement, schedule);
        for (Sender p : publishers) {
            p.bind(schedule, measurement);
            Thread t = new Thread(p, "harness-publisher-" + threads.size());
            t.setDaemon(true); // a publisher stuck in send() on a dead broker must not keep the JVM alive
            threads.add(t);
        }
        threads.forEach(Thread::start);
    }

    @Override
    public Workload warmingBurst(long lengthNs) {
        return sameMessages(new PubSubWorkload(settings.warmingBurst(lengthNs)));
    }

    @Override
    public boolean sendingDone() {
        for (Sender p : publishers) {
            if (!p.sendingDone()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public long committed() {
        return publishers.stream().mapToLong(Sender::committed).sum();
    }

    @Override
    public long sendsReturned() {
        return publishers.stream().mapToLong(Sender::sendsReturned).sum();
    }

    /** Messages whose whole fan-out arrived. */
    @Override
    public long completed() {
        return subscriptions.stream().mapToLong(Subscription::completed).sum();
    }

    @Override
    public Delivery delivery() {
        boolean[][] missed = new boolean[settings.topics()][settings.subscribers()];
        for (Subscription s : subscriptions) {
            missed[s.topic()][s.index()] = missedNotLost(s);
        }
        return ledgers.delivery(settings.persistent(), settings.syncpoint(), missed);
    }

    /**
     * A nondurable subscription ends with its connection and is made anew on the next: what was
     * published in between never reaches it. Once its connection was lost, its missing copies are
     * counted as that, all of them: the harness cannot tell one lost otherwise apart.
     */
    private boolean missedNotLost(Subscription s) {
        return !settings.subscription().durable() && s.wentDown();
    }

    @Override
    public int workers() {
        return settings.publishers();
    }

    @Override
    public SenderLoad senderLoad() {
        return publishers.stream().map(Sender::load).reduce(SenderLoad.NONE, SenderLoad::plus);
    }

    /** Copies of others' messages on the run's topics: the subscriptions' own, consumed by nobody else. */
    @Override
    public long othersConsumed() {
        return 0;
    }

    /** The run's subscriptions are its own: nothing of anyone else's is consumed. */
    @Override
    List<String> consumedQueues() {
        return List.of();
    }

    @Override
    public FanOutSummary endSubscriptions() {
        if (ended != null) {
            return ended;
        }
        List<String> notes = Collections.synchronizedList(new ArrayList<>());
        if (settings.subscription().durable()) {
            if (settings.keepSubscriptions()) {
                notes.add(subscriptions.size() + " durable subscription" + (subscriptions.size() == 1 ? "" : "s")
                        + " kept on the broker (--keep-subscriptions): they keep every message published to their topics"
                        + " until removed");
            } else {
                List<String> removed = Collections.synchronizedList(new ArrayList<>());
                // One at a time: Artemis removes an address with its last subscription, and two removals on
                // one address at once fail one of them with "Address Does Not Exist".
                subscriptions.forEach(Subscription::stop); // their loops end together, not one after another below
                Runnable removals = () -> {
                    for (Subscription s : subscriptions) {
                        try {
                            s.unsubscribe(provider);
                            removed.add(s.name());
                        } catch (JMSException | RuntimeException e) {
                            notes.add("durable subscription " + s.name() + " on " + s.topicName() + " not removed: "
                                    + provider.explain(e) + "; it keeps every message published to the topic until removed");
                        }
                    }
                };
                boolean finished = Bounded.runAll("harness-unsubscribe", List.of(removals), UNSUBSCRIBE_BOUND_MS);
                notes.add(0, removed.size() + " of " + subscriptions.size() + " durable subscriptions removed after the run"
                        + (finished ? "" : " (the rest did not answer within " + UNSUBSCRIBE_BOUND_MS / 1000 + " s)"));
            }
        }
        List<FanOutSummary.Subscription> each = new ArrayList<>();
        long deliveries = 0;
        long missedCopies = 0;
        long stale = 0;
        for (int i = 0; i < subscriptions.size(); i++) {
            Subscription s = subscriptions.get(i);
            boolean missed = missedNotLost(s);
            stale += s.stale();
            Delivery d = ledgers.delivery(s.topic(), s.index(), settings.persistent(), settings.syncpoint());
            each.add(new FanOutSummary.Subscription(s.topicName(), s.name(), d.received(), missed ? 0 : d.lost(),
                    missed ? d.lost() : 0, d.duplicates(), s.measuredResponse(),
                    // A nondurable subscription that went down never gets what it missed: no backlog it could work off.
                    backlogs == null || missed ? 0 : backlogs.growth(i), backlogs == null ? 0 : backlogs.published(i)));
            deliveries += s.received();
            missedCopies += missed ? d.lost() : 0;
        }
        if (missedCopies > 0) {
            notes.add(0, String.format(Locale.ROOT, "%,d", missedCopies) + " copies missed by nondurable subscriptions whose"
                    + " connection was lost: published while the subscription did not exist, as nondurable means; not counted"
                    + " as lost");
        }
        if (stale > 0) {
            notes.add(String.format(Locale.ROOT, "%,d copies of messages this run did not publish reached its subscriptions"
                    + " (another publisher on its topics: give a --topic-prefix of the run's own); not measured", stale));
        }
        ended = new FanOutSummary(settings.subscription().toString(), each, deliveries, fanOut.incomplete(), fanOut.capacity(),
                notes, backlogs == null ? 0 : backlogs.spanNs());
        return ended;
    }

    @Override
    public void close() {
        if (ended == null && settings.subscription().durable() && !settings.keepSubscriptions() && ledgers != null) {
            endSubscriptions(); // a run that failed before its summary: its durable subscriptions must not stay behind
        }
        if (backlogs != null) {
            backlogs.close();
        }
        List<Runnable> closing = new ArrayList<>();
        publishers.forEach(p -> closing.add(p::close));
        subscriptions.forEach(s -> closing.add(s::close));
        Bounded.runAll("harness-close", closing, CLOSE_TIMEOUT_MS);
    }
}
