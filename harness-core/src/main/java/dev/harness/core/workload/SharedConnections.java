package dev.harness.core.workload;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.jms.Connection;
import javax.jms.ExceptionListener;
import javax.jms.JMSException;

/**
 * {@code --sessions-per-connection N}: workers share connections, N sessions to one, as the
 * threads of an application server share its pooled connections. Worker k uses group k / N's
 * connection; each gets a handle of its own whose {@code close} lets go of its share, and whose
 * exception listener hears the shared connection's failures beside the others'.
 *
 * <p>A worker that closes its handle (its run is over, or its connection failed and it connects
 * again) retires the connection: nobody is handed it again, and it is really closed when its last
 * user lets go. So after a lost connection the first worker to connect again makes the group's new
 * one and the others, failing in turn, join it; a worker whose session alone failed moves to a new
 * connection and the rest stay where they are.
 */
final class SharedConnections {
    /** Makes one real connection (through the run's reconnect rules). */
    interface Opener {
        Connection open() throws JMSException;
    }

    private final int perConnection;
    private final Map<Integer, Shared> current = new LinkedHashMap<>();
    private int waiting;
    /** Groups whose new connection a worker is making now, and its attempt. */
    private final Map<Integer, Attempt> opening = new HashMap<>();

    SharedConnections(int perConnection) {
        if (perConnection < 1) {
            throw new IllegalArgumentException("sessions per connection: at least 1, got " + perConnection);
        }
        this.perConnection = perConnection;
    }

    /**
     * Worker {@code local}'s handle on its group's connection, made by {@code opener} when the group
     * has none to hand out. The connect happens outside the lock (it may take as long as a broker
     * that does not answer): the group's other workers wait for it, other groups and the handles'
     * listeners and closes do not.
     */
    Connection connect(int local, Opener opener) throws JMSException {
        int group = local / perConnection;
        Attempt mine = new Attempt();
        synchronized (this) {
            while (true) {
                Shared s = current.get(group);
                if (s != null && !s.retired) {
                    return s.handle();
                }
                Attempt theirs = opening.get(group);
                if (theirs == null) {
                    opening.put(group, mine); // this worker makes the group's connection
                    break;
                }
                waiting++;
                try {
                    while (!theirs.done) {
                        wait();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while another worker connected", e);
                } finally {
                    waiting--;
                }
                if (theirs.failure != null) {
                    // One attempt for the group, shared: its workers do not try one after another
                    // against a broker that does not answer, each overrunning the reconnect timeout.
                    throw theirs.failure;
                }
            }
        }
        Connection real = null;
        try {
            real = opener.open();
            Shared s = new Shared(real, group);
            synchronized (this) {
                current.put(group, s);
                return s.handle();
            }
        } catch (JMSException e) {
            mine.failure = e;
            closeQuietly(real);
            throw e;
        } catch (RuntimeException e) {
            closeQuietly(real);
            throw e;
        } finally {
            synchronized (this) {
                mine.done = true;
                opening.remove(group);
                notifyAll();
            }
        }
    }

    private static void closeQuietly(Connection real) {
        if (real != null) {
            JmsWork.closeQuietly(real);
        }
    }

    /** One worker's connect for its group, which the group's other workers wait for and share. */
    private static final class Attempt {
        boolean done;
        JMSException failure;
    }

    /** Workers waiting for another's connect: for tests. */
    synchronized int waiting() {
        return waiting;
    }

    /** The connections made so far that are open and handed out: for tests and the header. */
    synchronized int open() {
        return (int) current.values().stream().filter(s -> !s.retired).count();
    }

    /** One real connection and its users' handles. */
    private final class Shared {
        private final Connection real;
        private final int group;
        /** What the opener set on the connection itself (a run that does not reconnect fails on a loss). */
        private final ExceptionListener own;
        /** Each handle's exception listener, in the order they were set. */
        private final Map<Object, ExceptionListener> listeners = new LinkedHashMap<>();
        /** The handles not yet closed: the connection's users. */
        private final Set<Object> users = new HashSet<>();
        private boolean retired;

        Shared(Connection real, int group) throws JMSException {
            this.real = real;
            this.group = group;
            this.own = real.getExceptionListener();
            real.setExceptionListener(this::failed);
        }

        private void failed(JMSException e) {
            List<ExceptionListener> each = new ArrayList<>();
            if (own != null) {
                each.add(own);
            }
            synchronized (SharedConnections.this) {
                retired = true; // lost: a worker that connects again gets a new one
                each.addAll(listeners.values());
            }
            for (ExceptionListener l : each) {
                l.onException(e);
            }
        }

        /** A new user's handle; under the lock. */
        Connection handle() {
            Connection h = (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                    new Class<?>[] {Connection.class}, (proxy, method, args) -> call(proxy, method, args));
            users.add(h);
            return h;
        }

        private Object call(Object handle, Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
                case "close" -> {
                    close(handle);
                    return null;
                }
                case "setExceptionListener" -> {
                    synchronized (SharedConnections.this) {
                        if (args[0] == null) {
                            listeners.remove(handle);
                        } else {
                            listeners.put(handle, (ExceptionListener) args[0]);
                        }
                    }
                    return null;
                }
                case "getExceptionListener" -> {
                    synchronized (SharedConnections.this) {
                        return listeners.get(handle);
                    }
                }
                case "equals" -> {
                    return handle == args[0];
                }
                case "hashCode" -> {
                    return System.identityHashCode(handle);
                }
                case "toString" -> {
                    return "connection " + (group + 1) + " shared by up to " + perConnection + " sessions: " + real;
                }
                default -> {
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                }
            }
        }

        /** A user lets go: the connection is handed out no more, and closed once nobody uses it. */
        private void close(Object handle) throws JMSException {
            boolean last;
            synchronized (SharedConnections.this) {
                if (!users.remove(handle)) {
                    return; // closed before: a worker's close after a failure, then at the end
                }
                listeners.remove(handle);
                retired = true;
                last = users.isEmpty();
            }
            if (last) {
                real.close();
            }
        }
    }
}
