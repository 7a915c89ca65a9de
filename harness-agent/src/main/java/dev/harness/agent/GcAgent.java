package dev.harness.agent;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.harness.agent.probe.ProbeAgent;
import dev.harness.agent.probe.ProbeOptions;

/**
 * The javaagent entry points (an argument starting with {@code probe} starts the probe instead,
 * {@link ProbeAgent}): at JVM start ({@code -javaagent:harness-agent.jar=alloc=200,...})
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

    /** "running", or "not started: REASON" after a failed load into this JVM. */
    public static final String STATUS_PROPERTY = "harness.agent.status";

    // Agent classes are loaded once, by the system class loader, however often the jar is loaded.
    private static final AtomicBoolean RUNNING = new AtomicBoolean();

    private GcAgent() {
    }

    /** Called before the host's main when the JVM is started with {@code -javaagent}. */
    public static void premain(String args, Instrumentation instrumentation) {
        if (ProbeOptions.isProbe(args)) {
            String failure = ProbeAgent.start(args, instrumentation);
            if (failure != null) {
                System.err.println(PREFIX + "probe not started: " + failure);
            }
            return;
        }
        start(args);
    }

    /** Called when the agent is loaded into a running JVM through the Attach API. */
    public static void agentmain(String args, Instrumentation instrumentation) {
        if (ProbeOptions.isProbe(args)) {
            // harness probe reads the outcome from the status property; the host's stderr stays its own.
            ProbeAgent.start(args, instrumentation);
            return;
        }
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

    /** The options, one per line, as {@code help} prints them. */
    public static String usage() {
        return AgentOptions.usage();
    }

    /**
     * Starts the agent in this JVM without the javaagent machinery, for a host that has the
     * agent on its class path ({@code harness run --gc-inject}). Prints nothing but the agent's
     * start line: the host reports a failure in its own words.
     *
     * @throws IllegalArgumentException why the agent did not start, in one line
     */
    public static void startInThisJvm(String args) {
        String failure = tryStart(args);
        if (failure == HELP) {
            throw new IllegalArgumentException("help: give it on its own to list the options");
        }
        if (failure != null) {
            throw new IllegalArgumentException(failure);
        }
    }

    /** Starts the agent, or prints why not in one line; returns whether it started. Never throws. */
    static boolean start(String args) {
        String failure;
        try {
            failure = tryStart(args);
        } catch (Throwable e) {
            failure = "could not start (" + e + ")";
        }
        if (failure == HELP) {
            System.err.print(usage());
        } else if (failure == ALREADY_RUNNING) {
            System.err.println(PREFIX + ALREADY_RUNNING);
        } else if (failure != null) {
            System.err.println(PREFIX + failure + "; agent not started");
        }
        return failure == null;
    }

    private static final String HELP = "help";
    private static final String ALREADY_RUNNING =
            "already running in this JVM (agent loaded twice); not starting a second fragger";

    /**
     * Null once started, else why not. The outcome is also left in the system property
     * {@value #STATUS_PROPERTY}, where a process that loaded the agent through the Attach API
     * can read it ({@code VirtualMachine.getSystemProperties()}): the Attach API itself only
     * reports exceptions, and an agent that throws would print a stack trace into its host.
     */
    private static String tryStart(String args) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
        } catch (IllegalArgumentException e) {
            return notStarted(e.getMessage());
        }
        if (options.help()) {
            return HELP;
        }
        if (!RUNNING.compareAndSet(false, true)) {
            return ALREADY_RUNNING; // the status stays "running"
        }
        AgentLog log = null;
        Fragger fragger = null;
        PauseDetector detector = null;
        try {
            log = AgentLog.of(options);
            log.line(options.describe(log.where()));
            fragger = new Fragger(options, log);
            fragger.start();
            detector = new PauseDetector(options.reportMs(), log);
            detector.start();
            SystemProperties.set(STATUS_PROPERTY, "running");
            return null;
        } catch (Throwable e) {
            // Nothing half-started is left behind, so a later load with good options may start.
            if (fragger != null) {
                fragger.stop();
            }
            if (detector != null) {
                detector.stop();
            }
            if (log != null) {
                log.close();
            }
            RUNNING.set(false);
            return notStarted(e instanceof IllegalArgumentException ? e.getMessage() : "could not start (" + e + ")");
        }
    }

    private static String notStarted(String reason) {
        if (!RUNNING.get()) {
            SystemProperties.set(STATUS_PROPERTY, "not started: " + reason);
        }
        return reason;
    }
}
