package dev.harness.core.jms.mq;

/**
 * Everything the ibmmq provider is told, already checked. Settings that change results (async
 * put, read ahead, target client, reconnect) are always set explicitly on the factory and its
 * queues, never inherited from queue definitions, so that the run header can state them.
 *
 * @param queueManager "" for whichever queue manager answers at the address
 * @param address the channel and connection name list; null when {@code ccdtUrl} is given
 * @param ccdtUrl a JSON CCDT (file:, http: or https: URL); null when {@code address} is given
 * @param addressSource how the address was given, for the header ("--mq-conn-name", "MQSERVER" ...)
 * @param user null for no MQCSP authentication
 * @param password never printed; null when {@code user} is null
 * @param cipherSuite a TLS CipherSuite for the channel; null for no TLS
 * @param connectTimeoutSeconds bound on TCP connect and on the MQ handshake (a port that accepts
 *        and never answers would otherwise hang the client for ever)
 */
public record MqSettings(String queueManager, MqAddress address, String ccdtUrl, String addressSource, String user,
        String password, String cipherSuite, String appName, boolean asyncPut, boolean readAhead,
        TargetClient targetClient, Reconnect reconnect, int connectTimeoutSeconds) {

    /** MQ_Q_MGR_NAME_LENGTH. */
    public static final int MAX_QUEUE_MANAGER_LENGTH = 48;
    /** MQ_APPL_NAME_LENGTH: the name the queue manager shows in DISPLAY CONN(*) APPLTAG. */
    public static final int MAX_APP_NAME_LENGTH = 28;

    /** How JMS messages are laid out on the queue. */
    public enum TargetClient {
        /** An MQRFH2 header carries the JMS properties: what JMS consumers expect. */
        JMS,
        /** Plain MQ messages without MQRFH2, for non-JMS consumers; JMS properties are dropped. */
        MQ
    }

    /** Automatic client reconnection of the MQ client, which hides an outage inside one call. */
    public enum Reconnect {
        OFF, ANY, QMGR
    }

    public MqSettings {
        if (queueManager == null || queueManager.length() > MAX_QUEUE_MANAGER_LENGTH) {
            throw new IllegalArgumentException("queue manager name: at most " + MAX_QUEUE_MANAGER_LENGTH + " characters");
        }
        if ((address == null) == (ccdtUrl == null)) {
            throw new IllegalArgumentException("give a channel and address, or a CCDT, not both");
        }
        if (appName == null || appName.isBlank() || appName.length() > MAX_APP_NAME_LENGTH) {
            throw new IllegalArgumentException("application name: 1 to " + MAX_APP_NAME_LENGTH + " characters");
        }
        if ((user == null) != (password == null)) {
            throw new IllegalArgumentException("a user needs a password (\"\" for none), and a password a user");
        }
        if (connectTimeoutSeconds < 1) {
            throw new IllegalArgumentException("connect timeout: at least 1 s");
        }
    }

    /** The developer defaults of IBM's MQ container: DEV.APP.SVRCONN at localhost(1414). */
    public static MqAddress developerAddress() {
        return new MqAddress("DEV.APP.SVRCONN", MqAddress.parseConnName("localhost(1414)"));
    }
}
