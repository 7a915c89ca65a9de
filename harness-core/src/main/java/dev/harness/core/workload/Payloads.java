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

    /** The body after the header of each size of the mix, of this content. */
    static Payloads of(SizeMix sizes, PayloadContent content) {
        byte[][] bodies = new byte[sizes.shares().size()][];
        for (int c = 0; c < bodies.length; c++) {
            bodies[c] = content.body(sizes.shares().get(c).bytes() - MessageHeader.BYTES, c + 1);
        }
        return new Payloads(sizes, bodies);
    }

    /** Text bodies, the default. */
    static Payloads of(SizeMix sizes) {
        return of(sizes, PayloadContent.DEFAULT);
    }

    /** The body of message k of the schedule. */
    byte[] of(long sequence) {
        return bodies[sizes.classOf(sequence)];
    }
}
