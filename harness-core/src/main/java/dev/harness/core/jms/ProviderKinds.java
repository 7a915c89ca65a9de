package dev.harness.core.jms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

import javax.jms.ConnectionFactory;

/** The registered {@link ProviderKind}s: harness-core's own and any on the class path (HARNESS_CLASSPATH). */
public final class ProviderKinds {
    private ProviderKinds() {
    }

    /** Loaded once, when first asked: a kind is small, its client's classes load only when it opens. */
    private static final class Registered {
        static final List<ProviderKind> ALL = load();
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

    private static List<ProviderKind> load() {
        List<ProviderKind> kinds = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (ProviderKind kind : ServiceLoader.load(ProviderKind.class, ProviderKind.class.getClassLoader())) {
            if (!names.add(kind.name())) {
                throw new IllegalStateException("two provider kinds are registered as " + kind.name() + ": "
                        + kind.getClass().getName() + " and another");
            }
            kinds.add(kind);
        }
        return List.copyOf(kinds);
    }
}
