package dev.harness.core.workload;

/**
 * The bodies after the harness's header, one per size of a {@link SizeMix}, built before the
 * schedule starts: a send picks its message's by the message's number and copies it, allocating
 * nothing of its own.
 */
final class Payloads {
    private final SizeMix sizes;
    private final byte[][] bodies;

    private Payloads(SizeMix sizes, byte[][] bodies) {
        this.sizes = sizes;
        this.bodies = bodies;
    }

    /** Letters after the header, so a body compresses as text does, not as zeros. */
    static Payloads of(SizeMix sizes) {
        byte[][] bodies = new byte[sizes.shares().size()][];
        for (int c = 0; c < bodies.length; c++) {
            bodies[c] = MessageHeader.payload(sizes.shares().get(c).bytes());
        }
        return new Payloads(sizes, bodies);
    }

    /** Every body of {@code fill} after the header (a request's: replies copy it). */
    static Payloads filled(SizeMix sizes, byte fill) {
        byte[][] bodies = new byte[sizes.shares().size()][];
        for (int c = 0; c < bodies.length; c++) {
            bodies[c] = new byte[sizes.shares().get(c).bytes() - MessageHeader.BYTES];
            java.util.Arrays.fill(bodies[c], fill);
        }
        return new Payloads(sizes, bodies);
    }

    /** The body of message k of the schedule. */
    byte[] of(long sequence) {
        return bodies[sizes.classOf(sequence)];
    }
}
