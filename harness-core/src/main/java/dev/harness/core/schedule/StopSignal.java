package dev.harness.core.schedule;

/** What a wait for an intended time watches: a run told to stop ends the wait ({@code RunControl} is one). */
public interface StopSignal {
    boolean stopRequested();
}
