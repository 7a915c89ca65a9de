package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.harness.core.SettingsException;
import dev.harness.core.WorkloadKind;
import dev.harness.core.run.Workload;
import picocli.CommandLine.ParameterException;

/** --workload pubsub's options: taken by pubsub, refused elsewhere in one line naming the option. */
class PubSubOptionsTest {
    private static Workload workload(String... args) {
        return RunPlan.parse(List.of(args)).newWorkload();
    }

    private static String refusal(String... args) {
        RuntimeException e = assertThrows(RuntimeException.class, () -> workload(args));
        assertTrue(e instanceof ParameterException || e instanceof SettingsException, e.toString());
        return e.getMessage();
    }

    @Test
    void pubsubTakesItsOptionsAndSaysThemInTheHeader() {
        Workload w = workload("--workload", "pubsub", "--topics", "2", "--subscribers", "3", "--subscription", "shared-durable",
                "--consumers-per-subscription", "2", "--senders", "2", "--keep-subscriptions");
        assertEquals(WorkloadKind.PUBSUB, w.kind());
        String header = w.describe().toString();
        assertTrue(header.contains("dev/harness/1 .. dev/harness/2"), header);
        assertTrue(header.contains("3 per topic, shared-durable, 2 consumers each"), header);
        assertTrue(header.contains("kept after the run (--keep-subscriptions)"), header);
    }

    @ParameterizedTest
    @CsvSource({
        "put, --topics, 2, --topics: applies to --workload pubsub only",
        "reqresp, --subscribers, 2, --subscribers: applies to --workload pubsub only",
        "pubsub, --queues, 2, --queues: applies to --workload put and reqresp only",
        "pubsub, --drainers, 2, --drainers: applies to --workload put and reqresp only",
        "pubsub, --requesters, 2, --requesters: applies to --workload reqresp only",
        "reqresp, --senders, 2, --senders: applies to --workload put and pubsub only",
        "pubsub, --shard, 0/2, --shard: --workload pubsub does not take it yet",
    })
    void anOptionOfAnotherWorkloadIsRefusedByName(String workload, String option, String value, String message) {
        assertEquals(message, refusal("--workload", workload, option, value));
    }

    @Test
    void badSubscriptionSettingsNameTheirOption() {
        assertTrue(refusal("--workload", "pubsub", "--consumers-per-subscription", "2").startsWith("--consumers-per-subscription:"));
        assertTrue(refusal("--workload", "pubsub", "--subscribers", "0").startsWith("--subscribers:"));
        assertTrue(refusal("--workload", "pubsub", "--topics", "0").startsWith("--topics:"));
        ParameterException e = assertThrows(ParameterException.class,
                () -> workload("--workload", "pubsub", "--subscription", "sometimes"));
        assertTrue(e.getMessage().contains("expected nondurable, durable, shared or shared-durable"), e.getMessage());
    }
}
