package dev.harness.core.host;

/**
 * One whole disk over one sampling interval, from /proc/diskstats.
 *
 * @param name the kernel's device name, e.g. {@code vda}, {@code nvme0n1}, {@code dm-0}
 * @param inFlight requests issued to the device and not yet completed, at the moment of sampling
 * @param busyPercent share of the interval with at least one request in flight (iostat's %util), 0..100;
 *        NaN on the first sample or when the disk first appears
 * @param readsPerSec reads completed per second over the interval; NaN when {@code busyPercent} is
 * @param writesPerSec writes completed per second over the interval; NaN when {@code busyPercent} is
 */
public record DiskSample(String name, int inFlight, double busyPercent, double readsPerSec, double writesPerSec) {
}
