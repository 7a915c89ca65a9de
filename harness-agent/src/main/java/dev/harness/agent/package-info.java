/**
 * The GC-injection javaagent lives here (issue 6: a Fragger-style heap fragmenter with its own
 * pause detector). Nothing is implemented yet; the module exists so the build layout is final.
 */
package dev.harness.agent;
