/**
 * A javaagent that induces GC pauses (issue 6): a Fragger-style heap fragmenter, after Gil Tene's
 * HeapFragger, with its own jHiccup-style pause detector. Load it into any JVM (a broker, an
 * application under test) with {@code -javaagent:harness-agent.jar=alloc=200,live=64,...} or
 * through the Attach API; {@link dev.harness.agent.AgentOptions} documents the options. The jar
 * has no dependencies, and everything it starts runs on daemon threads.
 */
package dev.harness.agent;
