package dev.harness.core.jms;

/**
 * Who logs in to the system under test.
 *
 * @param user null for no login
 * @param password "" for a user without one, null when there is no user; never printed
 */
public record Credentials(String user, String password) {
    public static final Credentials NONE = new Credentials(null, null);

    public Credentials {
        if ((user == null) != (password == null)) {
            throw new IllegalArgumentException("a user needs a password (\"\" for none), and a password a user");
        }
    }

    /** Without the password, which must not reach output through a record's toString. */
    @Override
    public String toString() {
        return user == null ? "no login" : "user " + user;
    }
}
