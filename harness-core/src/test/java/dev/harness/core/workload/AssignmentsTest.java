package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class AssignmentsTest {
    @Test
    void everyQueueGetsAWorkerAndExtraWorkersCompete() {
        int[][] fewer = Assignments.spread(2, 5);
        assertArrayEquals(new int[] {0, 2, 4}, fewer[0]);
        assertArrayEquals(new int[] {1, 3}, fewer[1]);

        int[][] more = Assignments.spread(5, 2);
        assertEquals(5, more.length);
        assertEquals(3, Arrays.stream(more).filter(q -> q[0] == 0).count());
        assertEquals(2, Arrays.stream(more).filter(q -> q[0] == 1).count());

        assertEquals(0, Assignments.spread(0, 3).length);
    }
}
