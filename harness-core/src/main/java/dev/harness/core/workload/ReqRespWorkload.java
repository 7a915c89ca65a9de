package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import javax.jms.JMSException;

import dev.harness.core.Bounded;
import dev.harness.core.Format;
import dev.harness.core.WorkloadKind;
import dev.harness.core.SettingsException;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.Measurement;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.SenderLoad;
import dev.harness.core.run.SizeClass;
import dev.harness.core.run.Workload;
import dev.harness.core.schedule.Schedule;

/** Request/response: requesters, a reply router per reply queue, and responders (here or elsewhere). */
public final class ReqRespWorkload extends SettingsWorkload {
    /** At most this long for in-process responders to record their last requests. */
    private static final long SETTLE_NS = 500_000_000L;

    private final ReqRespSettings settings;
    /** The measured responses per size of a --size mix. */
    private final SizeResponses sizes;
    private Requester[] requesters = new Requester[0];
    private final List<ReplyRouter> routers = new ArrayList<>();
    private ResponderPool responders;
    private final List<Thread> threads = new ArrayList<>();
    private Reconnect reconnect;
    private Ledger ledger;
    /** --reply-by correlation-id: the run's replies no requester took, removed at the run's end. */
    private volatile long lateRemoved;

    public ReqRespWorkload(ReqRespSettings settings) {
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
        return WorkloadKind.REQRESP;
    }

    @Override
    public long drainTimeoutNs() {
        // Outstanding requests resolve by the reply timeout (from the delivery delay's end) at the latest: wait at least that.
        return Math.max(settings.drainTimeoutNs(), deliveryDelayNs() + settings.replyTimeoutNs() + 1_000_000_000L);
    }

    /**
     * None for the run's wait: requesters count a request expired themselves, at its reply timeout
     * (Requester#lost), so the run waits for every timeout as without --ttl, and no request still
     * within its timeout is counted expired.
     */
    @Override
    public long timeToLiveNs() {
        return 0;
    }

    @Override
    public void open(Provider provider, RunControl control, long runId) throws UnreachableException {
        acknowledgedAsyncSends(provider, settings.asyncSends());
        selecting(provider, runId);
        reconnect = new Reconnect(provider, control, reconnectTimeoutNs());
        ledger = Ledger.of(settings.rate() == 0 ? Ledger.NO_TOTAL : scheduledTotal(), settings.requesters(), settings.shard());
        try {
            MessageContent content = content();
            requesters = new Requester[settings.requesters()];
            SharedConnections shared = sharedConnections();
            for (int i = 0; i < requesters.length; i++) {
                requesters[i] = new Requester(i, settings, control, runId, content, ledger, reconnect, sizes);
                requesters[i].reconnectEvery(reconnectEvery());
                requesters[i].shareConnections(shared);
            }
            // Consumers first, so no reply or request waits for one. By correlation ID, each
            // requester gets its own replies.
            if (settings.replyBy() == ReplyBy.ROUTER) {
                for (int q = 0; q < settings.ownQueues(); q++) {
                    ReplyRouter router = new ReplyRouter(q, requesters, settings.shard(), control, runId);
                    routers.add(router);
                    router.receiving(receiving());
                    router.open(provider, settings, reconnect);
                }
            } else if (settings.replyBy() == ReplyBy.TEMPORARY) {
                for (int i = 0; i < requesters.length; i++) {
                    ReplyRouter router = new ReplyRouter(i, requesters, settings.shard(), control, runId);
                    routers.add(router);
                    router.receiving(receiving());
                    router.openTemporary(provider, settings.syncpoint() > 0, reconnect, requesters[i]::replyTo);
                }
            }
            if (settings.responders() > 0) {
                responders = new ResponderPool(settings.responders(), settings.ownQueues(), settings::requestQueue,
                        settings.syncpoint(), settings.size().maxBytes(), control, runId).serviceTime(settings.consumeDelayNs())
                        .receiving(receiving());
                responders.open(provider, reconnect);
            }
            for (Requester r : requesters) {
                r.open(provider);
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
        sizes.bind(measurement);
        measurement.meter().deliveredAfter(deliveryDelayNs()); // completions are replies, due after the requests' delay
        try {
            for (Requester r : requesters) {
                r.bind(schedule, measurement);
            }
            for (ReplyRouter router : routers) {
                router.start();
            }
            if (responders != null) {
                responders.start(measurement.recorder());
            }
        } catch (JMSException e) {
            throw new UnreachableException("cannot start a consumer: " + provider.explain(e), e);
        }
        for (Requester r : requesters) {
            Thread t = new Thread(r, "harness-requester-" + threads.size());
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
    }

    @Override
    public Workload warmingBurst(long lengthNs) {
        ReqRespSettings burst = settings.warmingBurst(lengthNs);
        return burst == null ? null : sameMessages(new ReqRespWorkload(burst));
    }

    @Override
    public String noWarmingBurst() {
        return "the responders run elsewhere (--responders 0) and answer the run's request queues only";
    }

    @Override
    public boolean sendingDone() {
        for (Requester r : requesters) {
            if (!r.sendingDone()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public long committed() {
        long sum = 0;
        for (Requester r : requesters) {
            sum += r.committed();
        }
        return sum;
    }

    @Override
    public long sendsReturned() {
        return Arrays.stream(requesters).mapToLong(Requester::sendsReturned).sum();
    }

    @Override
    public void settle() {
        boolean byCorrelation = settings.replyBy() == ReplyBy.CORRELATION_ID && openedOn() != null;
        // By correlation ID, a responder still over a request puts a reply nobody gets: wait for it too.
        long deadline = System.nanoTime() + SETTLE_NS + (byCorrelation ? settings.consumeDelayNs() : 0);
        while (responders != null && responders.busy() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(1_000_000L);
        }
        if (byCorrelation) {
            Bounded.runAll("harness-late-replies", List.of(() -> lateRemoved = removeLateReplies()), 5_000);
        }
    }

    @Override
    public long completed() {
        long sum = 0;
        for (Requester r : requesters) {
            sum += r.resolved();
        }
        return sum;
    }

    @Override
    public Delivery delivery() {
        return ledger.delivery(settings.persistent(), settings.syncpoint(), responders == null ? 0 : responders.rolledBack())
                .withRouterRedeliveries(routers.stream().mapToLong(ReplyRouter::ownRedeliveries).sum())
                .withExpired(Arrays.stream(requesters).mapToLong(Requester::expired).sum());
    }

    @Override
    public long late() {
        return Arrays.stream(requesters).mapToLong(Requester::late).sum() + lateRemoved;
    }

    @Override
    public int workers() {
        return settings.requesters();
    }

    @Override
    public SenderLoad senderLoad() {
        return Arrays.stream(requesters).map(Requester::load).reduce(SenderLoad.NONE, SenderLoad::plus);
    }

    @Override
    public double consumeCapacity(double askedRate) {
        return ConsumerSpread.taken(settings.responders(), settings.ownQueues(), settings.consumeDelayNs(), askedRate,
                receiving().sync());
    }

    @Override
    public String consumeLimit() {
        return settings.consumeDelayNs() == 0 ? null : settings.responders() + " responder"
                + (settings.responders() == 1 ? "" : "s") + " taking " + Format.duration(settings.consumeDelayNs())
                + " over each request (--consume-delay" + (receiving().sync() ? "; --receive sync: a request per queue"
                        + " at a time)" : ")") + (ConsumerSpread.uneven(settings.responders(), settings.ownQueues(),
                                receiving().sync()) ? " on " + settings.ownQueues() + " request queues, spread unevenly over them" : "");
    }

    @Override
    public long othersConsumed() {
        return routers.stream().mapToLong(ReplyRouter::stale).sum();
    }

    @Override
    String queueOptions() {
        return settings.responders() > 0 ? "--request-prefix and --reply-prefix" : "--reply-prefix";
    }

    /** The reply queues (not with temporary ones), and the request queues when the responders run here. */
    @Override
    List<String> consumedQueues() {
        List<String> queues = new ArrayList<>();
        for (int q = 0; settings.replyBy() != ReplyBy.TEMPORARY && q < settings.ownQueues(); q++) {
            queues.add(settings.replyQueue(q));
        }
        if (settings.responders() > 0) {
            for (int q = 0; q < settings.ownQueues(); q++) {
                queues.add(settings.requestQueue(q));
            }
        }
        return queues;
    }

    /**
     * Responders first (no reply is put on a queue nobody reads any more), then routers and
     * requesters; each step bounded in time.
     */
    @Override
    public void close() {
        for (Requester r : requesters) {
            r.stopWaiting();
        }
        if (responders != null) {
            responders.close();
        }
        List<Runnable> closing = new ArrayList<>();
        Arrays.stream(requesters).forEach(r -> closing.add(r::close));
        routers.forEach(r -> closing.add(r::close));
        Bounded.runAll("harness-close", closing, 5_000);
        if (settings.replyBy() == ReplyBy.CORRELATION_ID && openedOn() != null) {
            // What came after the count (a warming burst has none): the run's own, not left behind.
            Bounded.runAll("harness-close", List.of(this::removeLateReplies), 5_000);
        }
    }

    /**
     * --reply-by correlation-id: replies that came after their request was given up (or a second
     * time) stay where no requester gets them: the run's own, removed (and counted late by settle).
     */
    private long removeLateReplies() {
        List<String> replyQueues = new ArrayList<>();
        for (int q = 0; q < settings.ownQueues(); q++) {
            replyQueues.add(settings.replyQueue(q));
        }
        try {
            return QueueClaim.removeOwn(openedOn(), replyQueues, runId());
        } catch (JMSException | RuntimeException e) {
            return 0; // the broker is gone: the next run's queue check says what is left
        }
    }
}
