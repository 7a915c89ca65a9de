package dev.harness.core.jms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;

import javax.jms.ConnectionFactory;

/** The registered {@link ProviderKind}s: harness-core's own and any on the class path (HARNESS_CLASSPATH). */
public final class ProviderKinds {
    private ProviderKinds() {
    }

    /** Loaded once, when first asked: a kind is small, its client's classes load only when it opens. */
    private static final class Registered {
        static final List<String> SKIPPED_NOW = new ArrayList<>();
        static final List<ProviderKind> ALL = load(ProviderKind.class.getClassLoader(), SKIPPED_NOW);
        static final List<String> SKIPPED = List.copyOf(SKIPPED_NOW);
    }

    /** Every kind, in the order of registration (harness-core's: embedded, artemis, ibmmq, jndi). */
    public static List<ProviderKind> all() {
        return Registered.ALL;
    }

    public static Optional<ProviderKind> named(String name) {
        return all().stream().filter(k -> k.name().equals(name)).findFirst();
    }

    /** The kind whose client made this factory, if one is registered. */
    public static Optional<ProviderKind> owner(ConnectionFactory factory) {
        return all().stream().filter(k -> k.owns(factory)).findFirst();
    }

    /**
     * Kinds that were registered but could not be loaded, one line each (a jar on HARNESS_CLASSPATH
     * built against the other namespace, a services line naming a missing class): the rest work.
     */
    public static List<String> skipped() {
        return Registered.SKIPPED;
    }

    /** The kinds registered in {@code loader}; a line in {@code skipped} for each that could not be loaded. */
    static List<ProviderKind> load(ClassLoader loader, List<String> skipped) {
        List<ProviderKind> kinds = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Iterator<ServiceLoader.Provider<ProviderKind>> found =
                ServiceLoader.load(ProviderKind.class, loader).stream().iterator();
        // Bounded: a broken registration may fail again on every step instead of moving on.
        for (int failures = 0; failures < 100;) {
            String name = null;
            try {
                if (!found.hasNext()) {
                    break;
                }
                ServiceLoader.Provider<ProviderKind> provider = found.next();
                name = provider.type().getName();
                ProviderKind kind = provider.get();
                kind.options(); // its options are needed by every command: a kind that cannot list them is no kind
                if (!names.add(kind.name())) {
                    throw new IllegalStateException("two provider kinds are registered as " + kind.name() + ": "
                            + kind.getClass().getName() + " and another");
                }
                kinds.add(kind);
            } catch (ServiceConfigurationError | LinkageError e) {
                failures++;
                Api missing = Api.ofMissingClass(e);
                skipped.add((name == null ? "a provider kind" : "provider kind " + name) + " skipped: " + Errors.chain(e).stream()
                        .map(t -> t.getMessage() == null ? t.getClass().getSimpleName()
                                : t instanceof NoClassDefFoundError ? t.getMessage().strip().replace('/', '.') : t.getMessage().strip())
                        .distinct().collect(Collectors.joining(": "))
                        + (missing != null && missing != Api.current()
                        ? " (built for " + missing.title() + "; this jar runs " + Api.current().title() + ")" : ""));
            }
        }
        return List.copyOf(kinds);
    }
}
