package dev.harness.core.jms;

import java.util.List;

import javax.jms.ConnectionFactory;

/**
 * A kind of messaging system the harness can drive (embedded, artemis, ibmmq, jndi, ...): its
 * name for {@code --provider}, its own options, how to open it, and what its failures mean.
 * Kinds register themselves for {@link java.util.ServiceLoader} in
 * {@code META-INF/services/dev.harness.core.jms.ProviderKind}; {@link ProviderKinds} finds them.
 * A new broker is a new package with its kind and that one line, nothing else: the command line
 * builds the options from {@link #options()} and hands their values to {@link #open}.
 */
public interface ProviderKind {
    /** The name after --provider: lower case, one word. */
    String name();

    /** One line for --provider's help, after "name: ". */
    String description();

    /** Options of this kind alone: another kind's refuse them. */
    default List<ProviderOption> options() {
        return List.of();
    }

    /** The kind a command drives when neither --provider nor an option of a {@link #chosenByItsOptions} kind is given. */
    default boolean isDefault() {
        return false;
    }

    /** Whether giving one of its options without --provider chooses this kind (--url chooses artemis). */
    default boolean chosenByItsOptions() {
        return false;
    }

    /**
     * Whether the harness runs the broker itself, for this run only (the embedded one): there is
     * nothing to answer requests on for harness respond, and a run may start a broker of its
     * own instead (to kill it, or one for every round of harness ab).
     */
    default boolean ownBroker() {
        return false;
    }

    /**
     * Checks the values (its settings own their defaults and checks) and starts or reaches the
     * system, without connecting yet.
     *
     * @throws dev.harness.core.SettingsException a value is wrong; one line naming the option and what was expected
     * @throws UnreachableException what the kind needs before any connection (a naming service, a broker to start) failed
     */
    Provider open(ProviderValues values, Credentials credentials) throws UnreachableException;

    /**
     * The namespace a run of this kind takes when --api is not given: javax, unless the kind can
     * tell from its values (jndi: the namespace of the factory it finds). Looks, never connects.
     */
    default Api api(ProviderValues values) {
        return Api.JAVAX;
    }

    /** What the failures of this kind's client mean, for a factory of its own found elsewhere (through JNDI). */
    default Diagnosis diagnosis() {
        return Diagnosis.GENERIC;
    }

    /** Whether this connection factory, found through JNDI, is of this kind's client. */
    default boolean owns(ConnectionFactory factory) {
        return false;
    }

    /** What the run header should say of such a factory's settings (only asked when {@link #owns} it). */
    default List<String> describe(ConnectionFactory factory) {
        return List.of();
    }

    /**
     * For such a factory (only asked when {@link #owns} it) with {@code --max-in-flight} above 1: one
     * sentence for the run header on what completes its asynchronous sends, read from its settings;
     * a {@link dev.harness.core.SettingsException} naming {@code --max-in-flight} when they would
     * complete locally, never at the broker; null when this kind cannot tell.
     */
    default String acknowledgedAsyncSends(ConnectionFactory factory) {
        return null;
    }
}
