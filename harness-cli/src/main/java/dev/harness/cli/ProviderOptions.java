package dev.harness.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.harness.core.jms.Api;
import dev.harness.core.jms.Credentials;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.ProviderKind;
import dev.harness.core.jms.ProviderKinds;
import dev.harness.core.jms.ProviderOption;
import dev.harness.core.jms.ProviderValues;
import dev.harness.core.jms.UnreachableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * Which messaging system a command drives, and how to reach it: --provider, the credentials, and
 * every registered provider kind's own options, built from its descriptors on the command that
 * mixes this in (a new kind brings its options with it). Their values go back to the kind by name.
 */
@Command(modelTransformer = ProviderOptions.KindOptions.class)
final class ProviderOptions {
    static final String PROVIDER = "--provider";

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Mixin
    CredentialOptions credentials;

    @Mixin
    ApiOption apiOption;

    /** The namespace asked for with --api, or the one the provider implies (jndi: its factory's). */
    Api api() {
        if (apiOption.api != null) {
            return apiOption.api;
        }
        ProviderKind kind = kind();
        return kind.api(values(kind));
    }

    /** The kind the options name, without starting or reaching anything: --provider, or what the options imply. */
    ProviderKind kind() {
        ProviderKind named = (ProviderKind) value(PROVIDER);
        if (named != null) {
            return named;
        }
        for (ProviderKind kind : ProviderKinds.all()) {
            if (kind.chosenByItsOptions() && kind.options().stream().anyMatch(o -> value(o.name()) != null)) {
                return kind;
            }
        }
        return ProviderKinds.all().stream().filter(ProviderKind::isDefault).findFirst()
                .orElseThrow(() -> new IllegalStateException("no provider kind is registered as the default"));
    }

    /** Checks the options and starts or reaches the provider; exceptions carry one line. */
    Provider open() throws UnreachableException {
        ProviderKind kind = kind();
        refuseOtherKindsOptions();
        String password = credentials.password();
        return kind.open(values(kind), new Credentials(credentials.user, password));
    }

    /** Options of another provider are refused, not silently ignored. */
    void refuseOtherKindsOptions() {
        ProviderKind kind = kind();
        for (ProviderKind other : ProviderKinds.all()) {
            for (ProviderOption option : other.options()) {
                if (other != kind && value(option.name()) != null) {
                    throw usage(option.name() + ": applies to --provider " + other.name() + " only");
                }
            }
        }
    }

    /** The values given for this kind's options, by name, as picocli converted them. */
    ProviderValues values(ProviderKind kind) {
        Map<String, Object> values = new LinkedHashMap<>();
        kind.options().forEach(o -> values.put(o.name(), value(o.name())));
        return new ProviderValues(values);
    }

    private Object value(String option) {
        return spec.findOption(option).getValue();
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** Adds --provider and every registered kind's options to the command, once its own options are in. */
    static final class KindOptions implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec command) {
            List<ProviderKind> kinds = ProviderKinds.all();
            // --help and --version stay last in the help, after the options added here.
            List<OptionSpec> helpOptions = command.options().stream()
                    .filter(o -> o.usageHelp() || o.versionHelp()).toList();
            helpOptions.forEach(command::remove);
            List<String> names = kinds.stream().map(ProviderKind::name).toList();
            command.addOption(OptionSpec.builder(PROVIDER).type(ProviderKind.class).converters(new KindChoice())
                    .paramLabel(String.join("|", names))
                    .description(String.join("; ", kinds.stream().map(k -> k.name() + ": " + k.description()).toList()) + ".")
                    .build());
            for (ProviderKind kind : kinds) {
                kind.options().forEach(o -> command.addOption(optionSpec(o)));
            }
            helpOptions.forEach(command::addOption);
            return command;
        }

        private static OptionSpec optionSpec(ProviderOption option) {
            OptionSpec.Builder b = OptionSpec.builder(option.name()).description(option.description());
            switch (option.value()) {
                case TEXT -> b.type(String.class);
                case WHOLE_NUMBER -> b.type(Integer.class);
                case DURATION -> b.type(Long.class).converters(new Values.Duration());
                case ON_OFF -> b.type(Boolean.class).arity("0").negatable(true);
            }
            if (option.paramLabel() != null) {
                b.paramLabel(option.paramLabel());
            }
            if (option.fallbackValue() != null) {
                b.arity("0..1").fallbackValue(option.fallbackValue());
            }
            return b.build();
        }
    }

    /** A registered kind by its name in any case; the message lists them. */
    static final class KindChoice implements ITypeConverter<ProviderKind> {
        @Override
        public ProviderKind convert(String value) {
            for (ProviderKind kind : ProviderKinds.all()) {
                if (kind.name().equalsIgnoreCase(value.strip())) {
                    return kind;
                }
            }
            throw new TypeConversionException("expected " + Values.either(ProviderKinds.all().stream()
                    .map(ProviderKind::name).toList()) + ", got '" + value + "'");
        }
    }
}
