package dev.harness.core.broker;

import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.util.Set;

import org.apache.activemq.artemis.core.security.CheckType;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.spi.core.security.ActiveMQSecurityManager;

/** One user with one password, allowed everything: a load-test broker's whole security. */
final class SingleUserSecurity implements ActiveMQSecurityManager {
    private final String user;
    private final byte[] password;

    SingleUserSecurity(String user, String password) {
        this.user = user;
        this.password = password.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public boolean validateUser(String user, String password) {
        return this.user.equals(user) && password != null
                && MessageDigest.isEqual(this.password, password.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public boolean validateUserAndRole(String user, String password, Set<Role> roles, CheckType checkType) {
        return validateUser(user, password);
    }
}
