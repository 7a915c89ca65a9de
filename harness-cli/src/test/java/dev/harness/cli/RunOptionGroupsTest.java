package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * harness run's option groups (WorkloadOptions, MeasureOptions) are mixins of ab and k8s too: each
 * of their options is on all three, with one name, label, default and validation.
 */
class RunOptionGroupsTest {
    private static CommandSpec spec(String command) {
        return Harness.commandLine().getSubcommands().get(command).getCommandSpec();
    }

    /** The options of run's WorkloadOptions and MeasureOptions (its mixins named by their fields, w and m). */
    private static List<OptionSpec> shared() {
        CommandSpec run = spec("run");
        return List.of("w", "m").stream().flatMap(m -> run.mixins().get(m).options().stream()).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"ab", "k8s"})
    void everyOptionOfRunsGroupsIsOnTheCommandWithRunsLabelAndDefault(String command) {
        CommandSpec run = spec("run");
        CommandSpec other = spec(command);
        assertTrue(shared().size() >= 20, "the groups: " + shared().size());
        for (OptionSpec o : shared()) {
            OptionSpec there = other.findOption(o.longestName());
            assertNotNull(there, command + " lacks " + o.longestName());
            assertEquals(o.paramLabel(), there.paramLabel(), o.longestName());
            assertEquals(String.join(" ", o.description()), String.join(" ", there.description()), o.longestName());
            assertEquals(defaultOf(run, o), defaultOf(other, there),
                    command + " " + o.longestName() + ": run's default");
        }
        assertEquals("500", defaultOf(other, other.findOption("--rate")), "a default the settings own, as run's");
    }

    private static String defaultOf(CommandSpec command, OptionSpec option) {
        try {
            String provided = command.defaultValueProvider() == null ? null : command.defaultValueProvider().defaultValue(option);
            return provided != null ? provided : option.defaultValue();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** A bad value of a shared option: refused by ab and k8s in run's words, before anything else is done. */
    @ParameterizedTest
    @ValueSource(strings = {"--rate=fast", "--interval=soon", "--size=big"})
    void aBadValueIsRefusedAsRunRefusesIt(String option) {
        String byRun = error(List.of("run", option));
        assertTrue(byRun.contains(option.substring(0, option.indexOf('='))), byRun);
        for (List<String> other : List.of(List.of("ab", "--a", "", "--b", "", option),
                List.of("k8s", "--shards", "2", "--image", "i", "--url", "tcp://b:61616", option))) {
            String said = error(other);
            // Word for word, but for whose --help it points to.
            assertEquals(firstLine(byRun), firstLine(said).replace("harness " + other.get(0), "harness run"), said);
        }
    }

    private static String firstLine(String text) {
        return text.strip().lines().findFirst().orElse("");
    }

    /** The command's standard error; it must exit 2. */
    private static String error(List<String> args) {
        CommandLine cl = Harness.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        assertEquals(2, cl.execute(args.toArray(String[]::new)), args + ": " + err);
        return err.toString();
    }
}
