package dev.harness.cli;

import java.io.IOException;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;

/**
 * The Attach API (module jdk.attach) behind one call, in a class of its own so that only
 * harness gc-inject loads it: a Java runtime without jdk.attach still runs every other command.
 */
final class Attacher {
    private Attacher() {
    }

    /** Why attaching failed: the process cannot be reached, or the agent failed there. */
    static final class AttachFailure extends Exception {
        final boolean unreachable;

        AttachFailure(String message, boolean unreachable) {
            super(message);
            this.unreachable = unreachable;
        }
    }

    /**
     * Loads the agent jar into process {@code pid} and returns the value of {@code statusProperty}
     * there before and after (the agent leaves its outcome in it), and that JVM's
     * {@code java.specification.version}.
     */
    static String[] load(long pid, String jar, String options, String statusProperty) throws AttachFailure {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new AttachFailure("cannot attach to process " + pid + ": " + e.getMessage()
                    + " (is it a JVM of this user, started with this or a compatible JDK?)", true);
        }
        try {
            java.util.Properties properties = vm.getSystemProperties();
            String before = properties.getProperty(statusProperty);
            vm.loadAgent(jar, options);
            String after = vm.getSystemProperties().getProperty(statusProperty);
            return new String[] {before, after, properties.getProperty("java.specification.version")};
        } catch (AgentLoadException | AgentInitializationException | IOException e) {
            throw new AttachFailure("the agent could not be loaded into process " + pid + ": " + e.getMessage(), false);
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // The agent is loaded or not; detaching changes neither.
            }
        }
    }
}
