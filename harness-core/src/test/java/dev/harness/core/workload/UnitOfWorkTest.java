package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.Session;

import org.junit.jupiter.api.Test;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.LatencyRecorder;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.RunControl;

/**
 * The unit of work's recovery and accounting, with a worker that fails on cue: no broker (the
 * session is a stand-in whose commit can fail). What it pins: what is sent again after a lost connection, with which intended
 * times, what counts as rolled back or in doubt, and that each message is recorded once.
 */
class UnitOfWorkTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);

    /** A worker whose sends and commits are listed, and fail when told to. */
    private static final class FakeWorker implements UnitOfWork.Worker {
        UnitOfWork unit;
        final List<String> calls = new ArrayList<>();
        final List<Long> firstReturns = new ArrayList<>();
        JMSException failNextSend;
        int failSendAt = -1;
        /** How many sends of message failSendAt fail in a row. */
        int sendFailures = 1;
        JMSException failNextCommit;
        /** How many commits fail in a row. */
        int commitFailures = 1;
        int connects;

        @Override
        public Connection connect(Provider provider) {
            connects++;
            calls.add("connect");
            return null; // closing null is a no-op for JmsWork
        }

        @Override
        public void send(int i) throws JMSException {
            calls.add("send " + unit.sequence(i) + "@" + unit.intendedNs(i));
            if (i == failSendAt && failNextSend != null) {
                JMSException e = failNextSend;
                if (--sendFailures <= 0) {
                    failNextSend = null;
                }
                throw e;
            }
            if (unit.sendReturned(i)) {
                firstReturns.add(unit.sequence(i));
            }
        }

        /** A session whose commit is listed, and fails when told to. */
        final Session session = (Session) Proxy.newProxyInstance(Session.class.getClassLoader(),
                new Class<?>[] {Session.class}, (proxy, method, args) -> {
                    if (method.getName().equals("commit")) {
                        calls.add("commit");
                        if (failNextCommit != null) {
                            JMSException e = failNextCommit;
                            if (--commitFailures <= 0) {
                                failNextCommit = null;
                            }
                            throw e;
                        }
                    }
                    return null;
                });
        final LatencyRecorder recorder = new LatencyRecorder(Long.MAX_VALUE);

        @Override
        public void completeUnit() throws JMSException {
            if (unit.transacted()) {
                unit.commit(session, recorder);
            }
            unit.unitDone();
        }

        @Override
        public boolean unthrottled() {
            return false;
        }
    }

    private final RunControl control = new RunControl();
    private final Ledger ledger = Ledger.of(100, 1);
    private final FakeWorker worker = new FakeWorker();

    private UnitOfWork unit(int syncpoint, long reconnectTimeoutNs) throws JMSException {
        Reconnect reconnect = new Reconnect(new FakeJms().provider(), control, reconnectTimeoutNs);
        reconnect.start();
        UnitOfWork u = new UnitOfWork("sender 0", control, reconnect, ledger, syncpoint, worker);
        worker.unit = u;
        u.open(new FakeJms().provider());
        worker.calls.clear();
        worker.connects = 0;
        return u;
    }

    @Test
    void aSendLostInSyncpointRollsBackTheUnitAndSendsItAgainWithItsIntendedTimes() throws Exception {
        UnitOfWork u = unit(3, 30 * S);
        u.sendOrRecover(u.add(0, 100, 0), false);
        u.sendOrRecover(u.add(0, 200, 1), false);
        worker.failSendAt = 2;
        worker.failNextSend = new JMSException("connection lost");
        u.sendOrRecover(u.add(0, 300, 2), true);
        assertEquals(List.of("send 0@100", "send 1@200", "send 2@300", "connect", "send 0@100", "send 1@200",
                "send 2@300", "commit"), worker.calls);
        assertEquals(List.of(0L, 1L, 2L), worker.firstReturns, "each message recorded once, at its first return");
        assertEquals(3, u.committed());
        assertEquals(3, u.sendsReturned());
        Delivery d = ledger.delivery(true, 3, 0);
        assertEquals(2, d.rolledBack(), "the two sends that had returned on the lost connection");
        assertEquals(0, d.inDoubt());
        assertEquals(3, d.committed());
    }

    @Test
    void aLostCommitLeavesTheUnitInDoubtAndCommitsItAgain() throws Exception {
        UnitOfWork u = unit(2, 30 * S);
        u.sendOrRecover(u.add(0, 100, 0), false);
        worker.failNextCommit = new JMSException("connection lost in commit");
        u.sendOrRecover(u.add(0, 200, 1), true);
        assertEquals(List.of("send 0@100", "send 1@200", "commit", "connect", "send 0@100", "send 1@200", "commit"),
                worker.calls);
        Delivery d = ledger.delivery(true, 2, 0);
        assertEquals(2, d.inDoubt(), "the broker may have kept both");
        assertEquals(0, d.rolledBack());
        assertEquals(2, u.committed());
    }

    @Test
    void aSendLostOutsideSyncpointIsInDoubt() throws Exception {
        UnitOfWork u = unit(0, 30 * S);
        worker.failSendAt = 0;
        worker.failNextSend = new JMSException("connection lost");
        u.sendOrRecover(u.add(1, 100, 5), true);
        assertEquals(List.of("send 5@100", "connect", "send 5@100"), worker.calls);
        assertEquals(1, ledger.delivery(true, 0, 0).inDoubt());
        assertEquals(1, u.committed());
        assertEquals(List.of(5L), worker.firstReturns);
    }

    @Test
    void aSendLostAgainAfterTheReconnectIsStillOneMessageInDoubt() throws Exception {
        UnitOfWork u = unit(0, 30 * S);
        worker.failSendAt = 0;
        worker.sendFailures = 2;
        worker.failNextSend = new JMSException("connection lost");
        u.sendOrRecover(u.add(1, 100, 5), true);
        assertEquals(List.of("send 5@100", "connect", "send 5@100", "connect", "send 5@100"), worker.calls);
        assertEquals(1, ledger.delivery(true, 0, 0).inDoubt(), "one message, however often its send failed");
        assertEquals(1, u.committed());
    }

    @Test
    void aCommitLostTwiceLeavesTheUnitInDoubtOnce() throws Exception {
        UnitOfWork u = unit(2, 30 * S);
        u.sendOrRecover(u.add(0, 100, 0), false);
        worker.failNextCommit = new JMSException("connection lost in commit");
        worker.commitFailures = 2;
        u.sendOrRecover(u.add(0, 200, 1), true);
        assertEquals(List.of("send 0@100", "send 1@200", "commit", "connect", "send 0@100", "send 1@200", "commit",
                "connect", "send 0@100", "send 1@200", "commit"), worker.calls);
        assertEquals(2, ledger.delivery(true, 2, 0).inDoubt(), "the unit's two messages, once each");
        // The next unit is counted afresh.
        worker.failNextCommit = new JMSException("connection lost in commit");
        worker.commitFailures = 1;
        u.sendOrRecover(u.add(0, 300, 2), false);
        u.sendOrRecover(u.add(0, 400, 3), true);
        assertEquals(4, ledger.delivery(true, 2, 0).inDoubt());
        assertEquals(4, u.committed());
    }

    @Test
    void aRefusedRequestFailsAtOnceWithoutReconnecting() throws Exception {
        UnitOfWork u = unit(0, 30 * S);
        InvalidDestinationException refused = new InvalidDestinationException("no such queue");
        worker.failSendAt = 0;
        worker.failNextSend = refused;
        assertSame(refused, assertThrows(JMSException.class, () -> u.sendOrRecover(u.add(0, 100, 0), true)));
        assertEquals(0, worker.connects);
        assertEquals(0, u.committed());
    }

    @Test
    void withReconnectingOffALostConnectionFailsAtOnce() throws Exception {
        UnitOfWork u = unit(0, 0);
        worker.failSendAt = 0;
        worker.failNextSend = new JMSException("connection lost");
        assertThrows(JMSException.class, () -> u.sendOrRecover(u.add(0, 100, 0), true));
        assertEquals(0, worker.connects);
    }
}
