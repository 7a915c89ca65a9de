package dev.harness.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.Permission;
import java.util.PropertyPermission;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The agents' status properties under a security manager that forbids them: nothing is thrown into the host. */
class SystemPropertiesTest {
    private static final String KEY = "harness.test.status";

    @Test
    @SuppressWarnings("removal")
    void aSecurityManagerThatForbidsPropertiesMakesNoException() {
        SecurityManager forbidding = new SecurityManager() {
            @Override
            public void checkPermission(Permission p) {
                if (p instanceof PropertyPermission && p.getName().startsWith("harness.")) {
                    throw new SecurityException("forbidden: " + p);
                }
            }
        };
        try {
            System.setSecurityManager(forbidding);
        } catch (UnsupportedOperationException e) {
            Assumptions.abort("this JDK allows no security manager: " + e.getMessage());
        }
        try {
            assertThrows(SecurityException.class, () -> System.setProperty(KEY, "x"), "the security manager is in force");
            assertFalse(SystemProperties.set(KEY, "running"));
            assertEquals("none", SystemProperties.get(KEY, "none"));
        } finally {
            System.setSecurityManager(null);
        }
        assertTrue(SystemProperties.set(KEY, "running"));
        assertEquals("running", SystemProperties.get(KEY, "none"));
        System.clearProperty(KEY);
    }
}
