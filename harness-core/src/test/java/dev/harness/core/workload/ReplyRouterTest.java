package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.Session;

import org.junit.jupiter.api.Test;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.Measurement;
import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.Warmup;

/**
 * The reply router's accounting of what it causes itself. No broker: the JMS messages are
 * FakeJms's, and the session a stand-in whose commit can fail on cue.
 */
class ReplyRouterTest {
    private static final long RUN = 42;
    private static final long S = TimeUnit.SECONDS.toNanos(1);

    private final RunControl control = new RunControl();
    private final Ledger ledger = Ledger.of(100, 1);
    private final AtomicBoolean failNextCommit = new AtomicBoolean();
    private final MessageHeader header = new MessageHeader();

    @Test
    void aReplyRedeliveredAfterTheRoutersOwnFailedCommitIsNotABrokerDuplicate() throws Exception {
        try (Measurement m = Measurement.start(0, 60, Schedule.intervalNs(100), 5_000_000L)) {
            ReplyRouter router = router(m);
            Session session = session();
            failNextCommit.set(true);
            router.route(reply(7, false), session, header); // handed on, then its get rolled back
            router.route(reply(7, false), session, header); // the broker gives it again
            assertEquals(1, router.ownRedeliveries(), "the router's own redelivery");
            assertEquals(0, ledger.duplicates(), "not blamed on the broker");

            router.route(reply(7, false), session, header); // a third copy: that one is a duplicate
            assertEquals(1, ledger.duplicates());
            assertEquals(0, control.failure() == null ? 0 : 1, "a lost connection is no failure of the run");
        }
    }

    @Test
    void aSecondReplyFromAResponderThatAnsweredARedeliveredRequestIsCountedApart() throws Exception {
        try (Measurement m = Measurement.start(0, 60, Schedule.intervalNs(100), 5_000_000L)) {
            ReplyRouter router = router(m);
            Session session = session();
            router.route(reply(3, false), session, header);
            router.route(reply(3, true), session, header); // the responder's mark: answered before, perhaps
            assertEquals(0, ledger.duplicates());
            assertEquals(1, ledger.answeredAgain());
            router.route(reply(4, true), session, header); // marked, but the first to arrive: a reply like any
            assertEquals(1, ledger.answeredAgain());
            router.route(reply(4, false), session, header); // unmarked second copy: the broker's duplicate
            assertEquals(1, ledger.duplicates());
        }
    }

    private ReplyRouter router(Measurement m) {
        ReqRespSettings settings = new ReqRespSettings(100, 1, 0, Warmup.fixed(0), 10 * S, SizeMix.of(64), true, 1, 1, "REQUEST", "REPLY", S,
                true, S, dev.harness.core.schedule.Shard.WHOLE);
        Provider provider = new FakeJms().provider();
        Reconnect reconnect = new Reconnect(provider, control, 30 * S);
        Requester requester = new Requester(0, settings, control, RUN, MessageContent.of(settings.size()), ledger, reconnect, SizeResponses.none());
        Schedule schedule = new Schedule(System.nanoTime(), 100, 10 * S);
        m.begin(schedule);
        requester.bind(schedule, m);
        ReplyRouter router = new ReplyRouter(0, new Requester[] {requester}, dev.harness.core.schedule.Shard.WHOLE, control, RUN);
        router.bind(provider, reconnect, true);
        return router;
    }

    private Session session() {
        return (Session) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Session.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("commit") && failNextCommit.getAndSet(false)) {
                        throw new JMSException("connection lost in commit");
                    }
                    return null;
                });
    }

    /** A reply of this run to requester 0's request {@code sequence}, as a responder returns it. */
    private static BytesMessage reply(long sequence, boolean answeredAgain) {
        return FakeJms.incoming(RUN, System.nanoTime(), System.nanoTime(), 0, sequence, answeredAgain);
    }
}
