package dev.harness.cli;

import dev.harness.core.jms.Api;

/** A command that drives a messaging API, and so must run in the jar built for it ({@link ApiJar}). */
interface UsesApi {
    /** The namespace the options ask for, or imply; may look the connection factory up (jndi). */
    Api api();
}
