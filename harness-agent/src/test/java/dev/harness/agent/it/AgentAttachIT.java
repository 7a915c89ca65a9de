package dev.harness.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.sun.tools.attach.VirtualMachine;

/**
 * Loaded through the Attach API into a host that is already running, the agent starts, the host
 * pauses, and loading it a second time says so and starts nothing more.
 */
class AgentAttachIT {
    @Test
    void attachedToARunningJvmItMakesItPauseAndASecondLoadStartsNothing() throws Exception {
        String jar = ChildJvm.agentJar().toString();
        List<String> jvm = new ArrayList<>(AgentPausesIT.HEAP);
        jvm.add("-XX:+EnableDynamicAgentLoading"); // no warning on JDK 21+; accepted and harmless on 17
        try (ChildJvm child = ChildJvm.start(jvm, 120)) {
            child.awaitOut("host alive 2"::equals, "its first alive lines"); // up and running: safe to attach
            assertTrue(child.err().isEmpty(), child.transcript());

            long attached = System.nanoTime();
            load(child.pid(), jar, AgentPausesIT.OPTIONS);
            child.awaitErr(line -> line.startsWith(AgentPausesIT.START), "the start line");
            AgentPausesIT.assertPauseLine(child.awaitErr(AgentPausesIT.PAUSE.asMatchPredicate(), "a pause line"));
            System.out.println("first pause line " + (System.nanoTime() - attached) / 1_000_000 + " ms after attach");

            load(child.pid(), jar, AgentPausesIT.OPTIONS);
            child.awaitErr(line -> line.startsWith("harness-agent: already running in this JVM"),
                    "that the agent is already running");

            int alive = AgentPausesIT.aliveLines(child);
            child.awaitOut(("host alive " + (alive + 2))::equals, "more alive lines");
            assertEquals(0, child.exit(), child.transcript());
            List<String> out = child.out();
            assertEquals(1, out.stream().filter("thread harness-agent-fragger daemon=true"::equals).count(),
                    child.transcript());
            assertEquals(1, out.stream().filter("thread harness-agent-pause-detector daemon=true"::equals).count(),
                    child.transcript());
            AgentPausesIT.assertOnlyAgentLines(child);
        }
    }

    private static void load(long pid, String jar, String options) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        try {
            vm.loadAgent(jar, options);
        } finally {
            vm.detach();
        }
    }
}
