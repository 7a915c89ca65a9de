package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** harness run --help (and ab's, k8s's) lists its options under headings, each option once. */
class OptionGroupsTest {
    private static CommandLine command(String name) {
        return Harness.commandLine().getSubcommands().get(name);
    }

    /** Each visible option's heading, by name. */
    private static Map<String, String> headings(CommandSpec spec) {
        Map<String, String> by = new TreeMap<>();
        for (OptionGroups.Group g : OptionGroups.of(spec)) {
            for (OptionSpec o : g.options()) {
                String before = by.put(o.longestName(), g.heading());
                assertEquals(null, before, o.longestName() + " under two headings");
            }
        }
        return by;
    }

    @Test
    void runsOptionsAreEachUnderTheirHeadingOnceInTheHelp() {
        CommandLine run = command("run");
        Map<String, String> h = headings(run.getCommandSpec());
        assertEquals(run.getCommandSpec().options().stream().filter(o -> !o.hidden()).count(), h.size(),
                "every visible option under a heading");
        assertEquals(OptionGroups.WORKLOAD, h.get("--rate"));
        assertEquals(OptionGroups.WORKLOAD, h.get("--shard"));
        assertEquals(OptionGroups.MEASUREMENT, h.get("--interval"));
        assertEquals(OptionGroups.DISTURBANCES, h.get("--kill-broker-at"));
        assertEquals(OptionGroups.DISTURBANCES, h.get("--kill-cmd"), "BrokerCommandOptions");
        assertEquals(OptionGroups.DISTURBANCES, h.get("--freeze-at"));
        assertEquals(OptionGroups.DISTURBANCES, h.get("--broker-pid"), "FreezeOptions' own mixin goes with it");
        assertEquals(OptionGroups.OUTPUTS, h.get("--hlog"));
        assertEquals(OptionGroups.OBJECTIVES, h.get("--slo-allow-invalid"));
        assertEquals(OptionGroups.PROVIDER, h.get("--url"), "a provider kind's option, added by hand");
        assertEquals(OptionGroups.PROVIDER, h.get("--user"), "the credentials' mixin, within ProviderOptions");
        assertEquals(OptionGroups.PROVIDER, h.get("--api"));
        assertEquals(OptionGroups.HELP, h.get("--help"));
        assertFalse(h.containsValue(OptionGroups.OWN), "run has no option outside the groups: " + h);

        String usage = run.getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertTrue(usage.startsWith("Usage: harness run [OPTIONS]" + System.lineSeparator()), usage);
        List<Integer> at = new ArrayList<>();
        for (String heading : List.of("Workload", "Measurement", "Disturbances", "Outputs", "Objectives", "Provider", "Help")) {
            at.add(usage.indexOf(System.lineSeparator() + heading + ":" + System.lineSeparator()));
        }
        assertFalse(at.contains(-1), "every heading is in the help: " + at);
        assertEquals(at.stream().sorted().toList(), at, "in order");
        assertTrue(usage.indexOf("--rate=N|max") > at.get(0) && usage.indexOf("--rate=N|max") < at.get(1), usage);
        assertTrue(usage.indexOf("--url=tcp://HOST:PORT") > at.get(5), usage);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ab", "k8s"})
    void abAndK8sShowRunsSharedOptionsUnderRunsHeadings(String name) {
        Map<String, String> run = headings(command("run").getCommandSpec());
        Map<String, String> other = headings(command(name).getCommandSpec());
        for (String heading : List.of(OptionGroups.WORKLOAD, OptionGroups.MEASUREMENT)) {
            List<String> theirs = other.entrySet().stream().filter(e -> e.getValue().equals(heading)).map(Map.Entry::getKey).toList();
            List<String> runs = run.entrySet().stream().filter(e -> e.getValue().equals(heading)).map(Map.Entry::getKey)
                    .filter(theirs::contains).toList();
            assertTrue(theirs.size() > 2, heading + ": " + theirs);
            assertEquals(runs, theirs, heading + ": the same options as run's, none other");
        }
        assertEquals(OptionGroups.OBJECTIVES, other.get("--slo"));
    }

    @Test
    void aFileReadIsNoOutputWhereTheCommandIsNotARun() {
        assertEquals(OptionGroups.OWN, headings(command("check").getCommandSpec()).get("--json"), "check reads a run's --json");
        assertEquals(OptionGroups.DISTURBANCES, headings(command("verify").getCommandSpec()).get("--broker-pid"),
                "the freeze target's options go with the freezes wherever they are mixed in");
    }

    @Test
    void aRequiredOptionStaysInTheShortSynopsis() {
        String usage = command("k8s").getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertTrue(usage.startsWith("Usage: harness k8s --shards N --image IMAGE [OPTIONS]" + System.lineSeparator()), usage);
    }
}
