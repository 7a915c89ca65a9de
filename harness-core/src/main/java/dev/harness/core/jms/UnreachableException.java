package dev.harness.core.jms;

/** The system under test cannot be reached at all: nothing was measured. */
public class UnreachableException extends Exception {
    public UnreachableException(String oneLine, Throwable cause) {
        super(oneLine, cause);
    }

    /**
     * Why connecting to the provider failed, in one line: the login refused (the system was
     * reached and said no) or the system not reached at all.
     */
    public static UnreachableException connecting(Provider provider, Exception e) {
        if (provider.refusesLogin(e)) {
            String who = provider.user() == null ? "a login without --user" : "the login of user " + provider.user();
            return new LoginRefusedException(provider.target() + ": refused " + who + ": " + provider.explain(e), e);
        }
        return new UnreachableException("cannot reach " + provider.target() + ": " + provider.explain(e), e);
    }
}
