package dev.harness.core.jms.artemis;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.jms.ConnectionFactory;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.Credentials;
import dev.harness.core.jms.Diagnosis;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.ProviderKind;
import dev.harness.core.jms.ProviderOption;
import dev.harness.core.jms.ProviderValues;

/** --provider artemis: an Artemis broker at --url; chosen by --url alone. */
public final class ArtemisKind implements ProviderKind {
    static final String URL_OPTION = "--url";
    private static final Pattern URL = Pattern.compile("tcp://[^:/?\\s]+:(\\d{1,5})(\\?\\S*)?");

    @Override
    public String name() {
        return "artemis";
    }

    @Override
    public String description() {
        return "an Artemis broker at --url (the default when --url is given)";
    }

    @Override
    public List<ProviderOption> options() {
        return List.of(ProviderOption.text(URL_OPTION, "tcp://HOST:PORT",
                "artemis: the broker to drive (Artemis URL parameters allowed), e.g. one started with harness broker."));
    }

    @Override
    public boolean chosenByItsOptions() {
        return true;
    }

    @Override
    public Provider open(ProviderValues values, Credentials credentials) {
        String url = values.text(URL_OPTION);
        SettingsException.require(url != null, "--provider artemis", "give the broker's --url tcp://HOST:PORT");
        Matcher m = URL.matcher(url);
        SettingsException.require(m.matches() && Integer.parseInt(m.group(1)) <= 65535, URL_OPTION,
                "expected tcp://HOST:PORT with a port up to 65535, got '" + url + "'");
        try {
            return new ArtemisProvider(url, credentials.user(), credentials.password());
        } catch (RuntimeException e) {
            throw new SettingsException(URL_OPTION, "'" + url + "' is not a usable Artemis URL: " + e.getMessage());
        }
    }

    @Override
    public Diagnosis diagnosis() {
        return new ArtemisDiagnosis(null);
    }

    @Override
    public boolean owns(ConnectionFactory factory) {
        return factory instanceof ActiveMQConnectionFactory;
    }

    @Override
    public List<String> describe(ConnectionFactory factory) {
        ActiveMQConnectionFactory a = (ActiveMQConnectionFactory) factory;
        return List.of("Artemis factory: blockOnDurableSend=" + a.isBlockOnDurableSend() + ", blockOnNonDurableSend="
                + a.isBlockOnNonDurableSend() + ", reconnectAttempts=" + a.getReconnectAttempts()
                + (a.isBlockOnDurableSend() ? "" : " (persistent sends outside syncpoint do not wait for the broker)"));
    }

    /**
     * The factory's settings are the user's (JNDI's): the harness does not set the confirmation
     * window as it does for --url, but refuses a factory without one, whose client would call the
     * CompletionListener locally at once (see {@link ArtemisProvider#acknowledgedAsyncSends}).
     */
    @Override
    public String acknowledgedAsyncSends(ConnectionFactory factory) {
        ActiveMQConnectionFactory a = (ActiveMQConnectionFactory) factory;
        int window = a.getConfirmationWindowSize();
        if (window < 0) {
            throw new SettingsException("--max-in-flight", "the Artemis connection factory from JNDI sets no"
                    + " confirmationWindowSize, so its client would complete asynchronous sends locally, never at the"
                    + " broker's confirmation; add ?confirmationWindowSize=" + ArtemisProvider.CONFIRMATION_WINDOW_BYTES
                    + " to its URL in the JNDI file (or give --max-in-flight 1)");
        }
        return "sends with --max-in-flight are asynchronous (CompletionListener) and complete when the broker confirms"
                + " them: the JNDI factory's confirmationWindowSize=" + window + ", producerWindowSize="
                + a.getProducerWindowSize() + " (credits for sends in flight)" + ArtemisProvider.CONFIRMED_WHEN;
    }
}
