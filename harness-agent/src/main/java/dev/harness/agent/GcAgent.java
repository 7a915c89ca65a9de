package dev.harness.agent;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The javaagent entry points: at JVM start ({@code -javaagent:harness-agent.jar=alloc=200,...})
 * or into a running JVM through the Attach API ({@code VirtualMachine.loadAgent(jar, options)}).
 * Wiring only: parse the options ({@link AgentOptions} documents them), open the log, print one
 * start line, start the pause detector and the fragger on daemon threads.
 *
 * <p>The host comes first. Nothing is thrown out of {@link #premain} or {@link #agentmain}: bad
 * options, an unwritable log, or anything unexpected give one line on standard error ending in
 * {@code agent not started}, and the host runs on without the agent. Loading the agent a second
 * time into the same JVM says so and starts nothing more.
 */
public final class GcAgent {
    private static final String PREFIX = "harness-agent: ";

    // Agent classes are loaded once, by the system class loader, however often the jar is loaded.
    private static final AtomicBoolean RUNNING = new AtomicBoolean();

    private GcAgent() {
    }

    /** Called before the host's main when the JVM is started with {@code -javaagent}. */
    public static void premain(String args, Instrumentation instrumentation) {
        start(args);
    }

    /** Called when the agent is loaded into a running JVM through the Attach API. */
    public static void agentmain(String args, Instrumentation instrumentation) {
        start(args);
    }

    /**
     * Checks options for a JVM other than this one ({@code harness gc-inject}): everything but
     * whether they fit that JVM's heap, which only the agent, once there, can know.
     *
     * @throws IllegalArgumentException with the one line naming the option and what was expected
     */
    public static void checkOptions(String args) {
        AgentOptions.parse(args, Long.MAX_VALUE);
    }

    /**
     * Starts the agent in this JVM without the javaagent machinery, for a host that has the
     * agent on its class path ({@code harness run --gc-inject}).
     *
     * @throws IllegalArgumentException bad options, with the one line; or the agent did not start
     */
    public static void startInThisJvm(String args) {
        AgentOptions options = AgentOptions.parse(args);
        if (options.help() || !start(args)) {
            throw new IllegalArgumentException("the agent did not start (its line above says why)");
        }
    }

    /** Starts the agent, or prints why not; returns whether it started. Never throws. */
    static boolean start(String args) {
        PrintStream err = System.err;
        try {
            AgentOptions options = AgentOptions.parse(args);
            if (options.help()) {
                err.print(AgentOptions.usage());
                return false;
            }
            if (!RUNNING.compareAndSet(false, true)) {
                err.println(PREFIX + "already running in this JVM (agent loaded twice); not starting a second fragger");
                return false;
            }
            try {
                AgentLog log = AgentLog.of(options);
                log.line(options.describe(log.where()));
                new PauseDetector(options.reportMs(), log).start();
                new Fragger(options, log).start();
                return true;
            } catch (Throwable e) {
                RUNNING.set(false); // nothing started, so a later load with good options may start
                throw e;
            }
        } catch (IllegalArgumentException e) {
            err.println(PREFIX + e.getMessage() + "; agent not started");
        } catch (Throwable e) {
            err.println(PREFIX + "could not start (" + e + "); agent not started");
        }
        return false;
    }
}
