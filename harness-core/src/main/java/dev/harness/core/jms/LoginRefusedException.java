package dev.harness.core.jms;

/**
 * The system under test was reached and refused the login (a wrong user or password): nothing
 * was measured, as when it cannot be reached, but the fix is the credentials, not the address.
 */
public final class LoginRefusedException extends UnreachableException {
    public LoginRefusedException(String oneLine, Throwable cause) {
        super(oneLine, cause);
    }
}
