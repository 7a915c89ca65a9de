package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;

import javax.jms.JMSException;

import dev.harness.core.Bounded;
import dev.harness.core.Format;
import dev.harness.core.WorkloadKind;
import dev.harness.core.SettingsException;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.Measurement;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.Preloaded;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.SenderLoad;
import dev.harness.core.run.SizeClass;
import dev.harness.core.run.Workload;
import dev.harness.core.schedule.Schedule;

/** Puts: senders on one fixed-rate schedule, optionally drained by consumers. */
public final class PutWorkload extends SettingsWorkload {
    private static final long CLOSE_TIMEOUT_MS = 5_000;

    private final PutSettings settings;
    /** The measured responses per size of a --size mix. */
    private final SizeResponses sizes;
    private final List<Sender> senders = new ArrayList<>();
    private final List<Drainer> drainers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private Reconnect reconnect;
    private Ledger ledger;
    private Preload preload;
    private BrokerDepth brokerDepth;
    /** Whether the broker's count of the queues is asked: not for the warm-up burst, which nothing reads it of. */
    private boolean brokerCounted = true;
    /** Each queue's depth as the harness counts it. */
    private QueueDepths depths;

    public PutWorkload(PutSettings settings) {
        super(settings);
        this.settings = settings;
        this.sizes = new SizeResponses(settings.size());
    }

    @Override
    public List<SizeClass> sizes() {
        return sizes.summary();
    }

    @Override
    public WorkloadKind kind() {
        return WorkloadKind.PUT;
    }

    @Override
    public void open(Provider provider, RunControl control, long runId) throws UnreachableException {
        acknowledgedAsyncSends(provider, settings.asyncSends());
        selecting(provider, runId);
        reconnect = new Reconnect(provider, control, reconnectTimeoutNs());
        // Unthrottled senders number their messages the same way; there is just no total.
        ledger = settings.drainers() == 0 ? Ledger.untracked("--drainers 0: nothing here receives the messages")
                : Ledger.of(settings.rate() == 0 ? Ledger.NO_TOTAL : scheduledTotal(), settings.senders(), settings.shard());
        MessageContent content = content();
        preload = settings.preload() > 0 ? new Preload(settings, runId, content) : null;
        depths = new QueueDepths(settings.ownQueues());
        if (preload != null) {
            preload.countDepths(depths);
        }
        try {
            // Drainers subscribe first, so every queue has a consumer before the first send.
            int[][] assignment = Assignments.spread(settings.drainers(), settings.ownQueues());
            for (int d = 0; d < settings.drainers(); d++) {
                Drainer drainer = new Drainer(d, control, runId, ledger, preload, sizes, depths);
                drainer.deliveredAfter(deliveryDelayNs());
                drainers.add(drainer);
                drainer.open(provider, settings, assignment[d], reconnect, receiving());
            }
            SharedConnections shared = sharedConnections();
            for (int s = 0; s < settings.senders(); s++) {
                Sender sender = new Sender(s, settings, control, runId, content, ledger, reconnect, sizes);
                if (settings.drainers() > 0) {
                    sender.countDepths(depths); // with nothing here receiving, a queue's depth is not the harness's to count
                }
                sender.reconnectEvery(reconnectEvery());
                sender.shareConnections(shared);
                senders.add(sender);
                sender.open(provider);
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
        List<String> queues = new ArrayList<>();
        for (int q = 0; q < settings.ownQueues(); q++) {
            queues.add(settings.queueName(q));
        }
        brokerDepth = brokerCounted ? BrokerDepth.start(provider, queues) : null;
        measurement.depthFrom(preload == null ? () -> 0 : preload::left, brokerDepth == null ? Measurement.BrokerCount.NONE
                : brokerDepth,
                settings.drainers() > 0 ? depths::depths : null);
        sizes.bind(measurement);
        if (!drainers.isEmpty()) {
            measurement.meter().deliveredAfter(deliveryDelayNs()); // completions are receipts, due after the delay
        }
        try {
            for (Drainer d : drainers) {
                d.bind(measurement);
            }
        } catch (JMSException e) {
            throw new UnreachableException("cannot start a drainer: " + provider.explain(e), e);
        }
        for (Sender s : senders) {
            s.bind(schedule, measurement);
            Thread t = new Thread(s, "harness-sender-" + threads.size());
            t.setDaemon(true); // a sender stuck in send() on a dead broker must not keep the JVM alive
            threads.add(t);
        }
        threads.forEach(Thread::start);
    }

    @Override
    public Preloaded preload(Provider provider, RunControl control) throws UnreachableException {
        if (preload == null) {
            return null;
        }
        Preload.checkRoom(settings, provider.journalDir(), Preload.memoryBound(provider, settings));
        return preload.put(provider, control);
    }

    @Override
    public String preloading() {
        return preload == null ? null : String.format(java.util.Locale.ROOT, "%,d %s messages of the run's own on %s",
                settings.preload() * settings.ownQueues(), settings.persistent() ? "persistent" : "non-persistent",
                settings.ownQueues() == 1 ? settings.queueName(0)
                        : settings.ownQueues() + " queues (" + settings.queueName(0) + " .. "
                                + settings.queueName(settings.ownQueues() - 1) + ")");
    }

    @Override
    public Preloaded preloaded(long scheduleStartNs) {
        return preload == null ? null : preload.status(scheduleStartNs);
    }

    @Override
    public long preloadLeft() {
        return preload == null ? 0 : preload.left();
    }

    @Override
    public Workload warmingBurst(long lengthNs) {
        PutWorkload burst = new PutWorkload(settings.warmingBurst(lengthNs));
        burst.brokerCounted = false;
        return sameMessages(burst);
    }

    @Override
    public boolean sendingDone() {
        // Asked by the interval thread every 50 ms: a loop, where a stream would allocate on each poll.
        for (Sender s : senders) {
            if (!s.sendingDone()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public long committed() {
        return senders.stream().mapToLong(Sender::committed).sum();
    }

    @Override
    public long sendsReturned() {
        return senders.stream().mapToLong(Sender::sendsReturned).sum();
    }

    @Override
    public long completed() {
        return drainers.isEmpty() ? committed() : drainers.stream().mapToLong(Drainer::received).sum();
    }

    @Override
    public Delivery delivery() {
        Delivery scheduled = ledger.delivery(settings.persistent(), settings.syncpoint(), 0);
        return preload == null ? scheduled : scheduled.plus(preload.delivery());
    }

    @Override
    public int workers() {
        return settings.senders();
    }

    @Override
    public SenderLoad senderLoad() {
        return senders.stream().map(Sender::load).reduce(SenderLoad.NONE, SenderLoad::plus);
    }

    @Override
    public double consumeCapacity(double askedRate) {
        return ConsumerSpread.taken(settings.drainers(), settings.ownQueues(), settings.consumeDelayNs(), askedRate,
                receiving().sync());
    }

    @Override
    public String consumeLimit() {
        return settings.consumeDelayNs() == 0 ? null : settings.drainers() + " drainer" + (settings.drainers() == 1 ? "" : "s")
                + " taking " + Format.duration(settings.consumeDelayNs()) + " over each message (--consume-delay"
                + (receiving().sync() ? "; --receive sync: a message per queue at a time)" : ")")
                + (ConsumerSpread.uneven(settings.drainers(), settings.ownQueues(), receiving().sync()) ? " on "
                        + settings.ownQueues() + " queues, spread unevenly over them" : "");
    }

    @Override
    public long othersConsumed() {
        return drainers.stream().mapToLong(Drainer::stale).sum();
    }

    @Override
    List<String> consumedQueues() {
        List<String> queues = new ArrayList<>();
        if (settings.drainers() > 0) {
            for (int q = 0; q < settings.ownQueues(); q++) {
                queues.add(settings.queueName(q));
            }
        }
        return queues;
    }

    @Override
    public void close() {
        List<Runnable> closing = new ArrayList<>();
        senders.forEach(s -> closing.add(s::close));
        drainers.forEach(d -> closing.add(d::close));
        if (brokerDepth != null) {
            closing.add(brokerDepth::close);
        }
        Bounded.runAll("harness-close", closing, CLOSE_TIMEOUT_MS);
    }
}
