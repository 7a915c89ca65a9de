package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** --slo, --slo-allow-invalid and --junit are one mixin on run, ab and check, each in its own words. */
class ObjectiveOptionsTest {
    private static String description(CommandLine cl, String command, String option) {
        return String.join(" ", cl.getSubcommands().get(command).getCommandSpec().findOption(option).description());
    }

    @Test
    void eachCommandSaysWhatItsObjectivesAreJudgedOn() {
        CommandLine cl = Harness.commandLine();
        assertTrue(description(cl, "run", "--slo").startsWith("A service-level objective, checked at the end"));
        assertTrue(description(cl, "ab", "--slo").startsWith("A gate on the comparison, judged on each whole side"));
        assertTrue(description(cl, "check", "--slo").startsWith("A service-level objective, as harness run takes it"));
        assertNotEquals(description(cl, "run", "--junit"), description(cl, "ab", "--junit"));
        assertTrue(description(cl, "run", "--slo-allow-invalid").contains("the run was NOT VALID"));
    }

    @Test
    void checkRequiresAnObjectiveAndReadsThemIntoTheMixin() {
        CommandLine cl = Harness.commandLine();
        assertThrows(CommandLine.MissingParameterException.class, () -> cl.parseArgs("check", "run.hlog"));
        CommandLine again = Harness.commandLine();
        again.parseArgs("check", "--slo", "lost == 0", "--slo", "rate > 1", "--slo-allow-invalid", "run.hlog");
        CheckCommand check = (CheckCommand) again.getSubcommands().get("check").getCommand();
        assertEquals(List.of("lost == 0", "rate > 1"), check.objectives.slo);
        assertTrue(check.objectives.allowInvalid);
    }

    @Test
    void abKeepsItsObjectivesAndPassesRunsGroupsOnToItsRounds() {
        CommandLine cl = Harness.commandLine();
        cl.parseArgs("ab", "--a", "--syncpoint 10", "--b", "--syncpoint 0", "--slo", "B.lost == 0", "--rate", "100",
                "--interval", "2s", "--url", "tcp://127.0.0.1:1");
        CommandLine ab = cl.getSubcommands().get("ab");
        assertEquals(List.of("B.lost == 0"), ((AbCommand) ab.getCommand()).objectives.slo);
        List<String> passed = RunPlan.passedOn(ab.getCommandSpec());
        assertEquals(List.of("--rate", "100", "--interval", "2s", "--url", "tcp://127.0.0.1:1"), passed);
        assertFalse(passed.contains("--slo"), "ab's objectives name its sides: no round takes them");
    }
}
