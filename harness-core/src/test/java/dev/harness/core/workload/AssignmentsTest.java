package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class PutWorkloadTest {
    @Test
    void everyQueueGetsADrainerAndExtraDrainersCompete() {
        int[][] fewer = PutWorkload.drainerQueues(2, 5);
        assertArrayEquals(new int[] {0, 2, 4}, fewer[0]);
        assertArrayEquals(new int[] {1, 3}, fewer[1]);

        int[][] more = PutWorkload.drainerQueues(5, 2);
        assertEquals(5, more.length);
        assertEquals(3, Arrays.stream(more).filter(q -> q[0] == 0).count());
        assertEquals(2, Arrays.stream(more).filter(q -> q[0] == 1).count());

        assertEquals(0, PutWorkload.drainerQueues(0, 3).length);
    }
}
