package dev.harness.core.jms;

import java.util.Locale;

/**
 * The two namespaces of the one messaging API: JMS 2.0 ({@code javax.jms}) and Jakarta Messaging 3
 * ({@code jakarta.jms}). The harness is compiled against the first; harness-jakarta.jar is the same
 * classes with the names relocated at shading, so which one a class runs on is read from the
 * classes themselves, never from a setting.
 */
public enum Api {
    JAVAX("javax", "JMS 2.0"),
    JAKARTA("jakarta", "Jakarta Messaging 3.1");

    private final String prefix;
    private final String title;

    Api(String prefix, String title) {
        this.prefix = prefix;
        this.title = title;
    }

    /** The namespace these classes were built for: jakarta in harness-jakarta.jar, javax otherwise. */
    public static Api current() {
        // A class literal, not a string: shading relocates it with the code that uses it.
        return javax.jms.Session.class.getPackageName().startsWith(JAKARTA.prefix + ".") ? JAKARTA : JAVAX;
    }

    /** The API's package, "javax.jms" or "jakarta.jms" (built at run time: shading rewrites literals). */
    public String packageName() {
        return prefix + ".jms";
    }

    /** "JMS 2.0 (javax.jms)". */
    public String title() {
        return title + " (" + packageName() + ")";
    }

    /** The name on the command line and in the JSON: javax or jakarta. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The API a JMS object belongs to, from the interfaces it implements (a connection factory a
     * JNDI context handed out, of a client this jar may not hold); null for neither.
     */
    public static Api of(Object jmsObject) {
        for (Class<?> c = jmsObject.getClass(); c != null; c = c.getSuperclass()) {
            for (Api api : values()) {
                if (implementsIn(c, api.packageName() + ".")) {
                    return api;
                }
            }
        }
        return null;
    }

    /**
     * The API a class name belongs to, for a class this jar may be unable to load (what a JNDI
     * Reference names when its factory class is not on the class path): a name with a package
     * segment "jakarta" (jakarta.jms, IBM's com.ibm.mq.jakarta.jms) is jakarta, one in javax.jms is
     * javax; null for neither.
     */
    public static Api ofClassName(String className) {
        if (className == null) {
            return null;
        }
        for (String segment : className.split("\\.")) {
            if (segment.equals(JAKARTA.prefix)) {
                return JAKARTA;
            }
        }
        return className.startsWith(JAVAX.packageName() + ".") ? JAVAX : null;
    }

    /**
     * The API whose class was missing when {@code failure} (or one of its causes) happened: a
     * {@code NoClassDefFoundError} for jakarta/jms/ConnectionFactory in harness.jar, which has no
     * jakarta.jms classes, says the provider is of the jakarta namespace. Null for none.
     */
    public static Api ofMissingClass(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 20; depth++) {
            if (t instanceof NoClassDefFoundError || t instanceof ClassNotFoundException) {
                String missing = String.valueOf(t.getMessage()).replace('/', '.');
                for (Api api : values()) {
                    if (missing.startsWith(api.packageName() + ".")) {
                        return api;
                    }
                }
            }
            Throwable next = t instanceof javax.naming.NamingException n && n.getRootCause() != null ? n.getRootCause() : t.getCause();
            t = next == t ? null : next;
        }
        return null;
    }

    private static boolean implementsIn(Class<?> c, String packagePrefix) {
        for (Class<?> i : c.getInterfaces()) {
            if (i.getName().startsWith(packagePrefix) || implementsIn(i, packagePrefix)) {
                return true;
            }
        }
        return false;
    }
}
