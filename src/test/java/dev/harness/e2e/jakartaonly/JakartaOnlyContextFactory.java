package dev.harness.e2e.jakartaonly;

import java.lang.reflect.Proxy;
import java.util.Hashtable;

import javax.naming.Context;
import javax.naming.NameNotFoundException;
import javax.naming.OperationNotSupportedException;
import javax.naming.spi.InitialContextFactory;

/**
 * A JNDI provider that only has a Jakarta Messaging factory, as ActiveMQ Classic 6 or Qpid JMS 2
 * do: it binds "ConnectionFactory" to a {@code jakarta.jms.ConnectionFactory} for the broker at
 * the environment's {@code java.naming.provider.url}. Loaded by the harness from HARNESS_CLASSPATH.
 */
public final class JakartaOnlyContextFactory implements InitialContextFactory {
    @Override
    public Context getInitialContext(Hashtable<?, ?> environment) {
        String url = (String) environment.get(Context.PROVIDER_URL);
        JakartaOnlyConnectionFactory factory = new JakartaOnlyConnectionFactory(url);
        return (Context) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Context.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "lookup" -> {
                        if (!"ConnectionFactory".equals(String.valueOf(args[0]))) {
                            throw new NameNotFoundException(String.valueOf(args[0]));
                        }
                        yield factory;
                    }
                    case "close" -> null;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> "jakarta-only context";
                    default -> throw new OperationNotSupportedException(method.getName());
                });
    }
}
