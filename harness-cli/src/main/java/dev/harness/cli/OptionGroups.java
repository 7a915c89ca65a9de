package dev.harness.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.harness.core.jms.ProviderKind;
import dev.harness.core.jms.ProviderKinds;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A command's options under headings, in its --help and in the reference: harness run's options
 * in one list ran to some 300 lines. A group is made of option mixins (every command that mixes in
 * {@link WorkloadOptions} shows them under the same heading: run, ab, k8s) and of a command's own
 * options by name. Options in no group come first, under "Options"; --help and --version last.
 * Only the help is grouped: parsing is picocli's as before, so no option changes meaning.
 */
final class OptionGroups {
    /** A heading and its options, in the command's order. */
    record Group(String heading, List<OptionSpec> options) {
    }

    static final String OWN = "Options";
    static final String WORKLOAD = "Workload";
    static final String MEASUREMENT = "Measurement";
    static final String DISTURBANCES = "Disturbances";
    static final String OUTPUTS = "Outputs";
    static final String OBJECTIVES = "Objectives";
    static final String PROVIDER = "Provider";
    static final String HELP = "Help";

    /** The headings in the order they are shown. */
    static final List<String> ORDER = List.of(OWN, WORKLOAD, MEASUREMENT, DISTURBANCES, OUTPUTS, OBJECTIVES, PROVIDER, HELP);

    /** Whose options, mixed in, go under which heading. A mixin within one of these goes with it. */
    private static final Map<Class<?>, String> MIXINS = Map.of(
            WorkloadOptions.class, WORKLOAD,
            MeasureOptions.class, MEASUREMENT,
            BrokerCommandOptions.class, DISTURBANCES,
            FreezeOptions.class, DISTURBANCES,
            FreezeTargetOptions.class, DISTURBANCES,
            ObjectiveOptions.class, OBJECTIVES,
            ProviderOptions.class, PROVIDER);

    /**
     * A command's own options that belong under a heading, by name: on the commands that take run's
     * options (run, ab, k8s), where they mean what run's do. Elsewhere a --json may be a file read.
     */
    private static final Map<String, String> OWN_OPTIONS = Map.ofEntries(
            Map.entry("--shard", WORKLOAD),
            Map.entry("--start-at", WORKLOAD),
            Map.entry("--kill-broker-at", DISTURBANCES),
            Map.entry("--restart-after", DISTURBANCES),
            Map.entry("--gc-inject", DISTURBANCES),
            Map.entry("--hlog", OUTPUTS),
            Map.entry("--report", OUTPUTS),
            Map.entry("--json", OUTPUTS),
            Map.entry("--events", OUTPUTS),
            Map.entry("--metrics", OUTPUTS),
            Map.entry("--slo", OBJECTIVES),
            Map.entry("--slo-abort", OBJECTIVES));

    private OptionGroups() {
    }

    /** This command's visible options under their headings, in {@link #ORDER}, empty groups left out. */
    static List<Group> of(CommandSpec spec) {
        Map<String, String> headingOf = new LinkedHashMap<>();
        collect(spec.mixins(), null, headingOf);
        boolean takesRunsOptions = headingOf.containsValue(WORKLOAD);
        providerOptionNames().forEach(name -> headingOf.put(name, PROVIDER));
        Map<String, List<OptionSpec>> byHeading = new LinkedHashMap<>();
        ORDER.forEach(h -> byHeading.put(h, new ArrayList<>()));
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            String heading = o.usageHelp() || o.versionHelp() ? HELP
                    : headingOf.getOrDefault(o.longestName(),
                            takesRunsOptions ? OWN_OPTIONS.getOrDefault(o.longestName(), OWN) : OWN);
            byHeading.get(heading).add(o);
        }
        List<Group> groups = new ArrayList<>();
        byHeading.forEach((h, options) -> {
            if (!options.isEmpty()) {
                groups.add(new Group(h, List.copyOf(options)));
            }
        });
        return groups;
    }

    /** Whether the command has options under more than one heading besides help's: only then is its help grouped. */
    static boolean grouped(CommandSpec spec) {
        return of(spec).stream().filter(g -> !g.heading().equals(HELP)).count() > 1;
    }

    /** --provider and every registered kind's own options, which ProviderOptions adds by hand. */
    static Set<String> providerOptionNames() {
        Set<String> names = new LinkedHashSet<>();
        names.add(ProviderOptions.PROVIDER);
        for (ProviderKind kind : ProviderKinds.all()) {
            kind.options().forEach(o -> names.add(o.name()));
        }
        return names;
    }

    /** The command with its required options and its arguments: harness logdisk --dir DIR [OPTIONS]. */
    static String synopsis(CommandSpec spec) {
        StringBuilder s = new StringBuilder(spec.qualifiedName());
        for (OptionSpec o : spec.options()) {
            if (o.required() && (o.group() == null || o.group().multiplicity().min() > 0)) {
                s.append(' ').append(optionName(o)).append(o.isMultiValue() ? "..." : "");
            }
        }
        s.append(" [OPTIONS]");
        for (CommandLine.Model.PositionalParamSpec p : spec.positionalParameters()) {
            s.append(' ').append(p.paramLabel()).append(p.isMultiValue() ? "..." : "");
        }
        return s.toString();
    }

    /** An option's names and its value's label, as a person types it: --size SIZE, --[no-]mq-read-ahead. */
    static String optionName(OptionSpec o) {
        List<String> names = new ArrayList<>();
        for (String name : o.names()) {
            names.add(o.negatable() && name.startsWith("--") ? "--[no-]" + name.substring(2) : name);
        }
        String name = String.join(", ", names);
        if (o.arity().max() == 0) {
            return name;
        }
        String label = o.paramLabel();
        return o.arity().min() == 0 ? name + "[=" + label + "]" : name + " " + label;
    }

    private static void collect(Map<String, CommandSpec> mixins, String inherited, Map<String, String> headingOf) {
        for (CommandSpec mixin : mixins.values()) {
            Object user = mixin.userObject();
            String heading = user == null ? inherited : MIXINS.getOrDefault(user.getClass(), inherited);
            if (heading != null) {
                mixin.options().forEach(o -> headingOf.putIfAbsent(o.longestName(), heading));
            }
            collect(mixin.mixins(), heading, headingOf);
        }
    }

    /**
     * Every command with options under more than one heading shows them grouped, and a short
     * synopsis (harness logdisk --dir DIR [OPTIONS]) in place of one that lists every option.
     */
    static void install(CommandLine root) {
        for (CommandLine sub : root.getSubcommands().values()) {
            CommandSpec spec = sub.getCommandSpec();
            if (!grouped(spec)) {
                continue;
            }
            Map<String, CommandLine.IHelpSectionRenderer> sections = sub.getHelpSectionMap();
            sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS, help -> synopsis(spec) + System.lineSeparator());
            sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, help -> "");
            sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, OptionGroups::render);
        }
    }

    private static String render(Help help) {
        StringBuilder b = new StringBuilder();
        for (Group g : of(help.commandSpec())) {
            Help.Layout layout = help.createDefaultLayout();
            layout.addOptions(g.options(), help.parameterLabelRenderer());
            b.append(String.format("%n%s:%n", g.heading())).append(layout);
        }
        return b.toString();
    }
}
