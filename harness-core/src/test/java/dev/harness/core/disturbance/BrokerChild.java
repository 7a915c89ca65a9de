package dev.harness.core.disturbance;

import java.nio.file.Path;

import dev.harness.core.broker.BrokerConfig;
import dev.harness.core.broker.EmbeddedArtemis;

/**
 * An embedded Artemis broker in a JVM of its own, for tests that kill it with SIGKILL: a journal
 * in {@code args[0]}, port {@code args[1]}; prints "ready" once it accepts connections.
 */
public final class BrokerChild {
    private BrokerChild() {
    }

    public static void main(String[] args) throws Exception {
        EmbeddedArtemis.start(new BrokerConfig(Path.of(args[0]), "127.0.0.1", Integer.parseInt(args[1]),
                BrokerConfig.Journal.NIO, null, null, false, 1_000_000L));
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
