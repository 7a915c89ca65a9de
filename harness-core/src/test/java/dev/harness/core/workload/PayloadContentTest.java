package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.zip.Deflater;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;

class PayloadContentTest {
    /** How many times smaller deflate makes the body, as a compressing broker or channel would. */
    private static double ratio(byte[] body) {
        Deflater d = new Deflater();
        d.setInput(body);
        d.finish();
        byte[] out = new byte[body.length * 2 + 64];
        int n = d.deflate(out);
        d.end();
        return (double) body.length / n;
    }

    @Test
    void eachContentCompressesAsItsNameSays() {
        byte[] zeros = PayloadContent.ZEROS.body(8192, 1);
        byte[] random = PayloadContent.RANDOM.body(8192, 1);
        byte[] text = PayloadContent.TEXT.body(8192, 1);
        assertEquals(8192, text.length);
        assertTrue(ratio(zeros) > 50, "zeros: " + ratio(zeros));
        assertTrue(ratio(random) < 1.01, "random: " + ratio(random));
        assertTrue(ratio(text) > 2 && ratio(text) < 6, "text, as prose: " + ratio(text));
        assertTrue(new String(text, java.nio.charset.StandardCharsets.US_ASCII).contains(" the "));
    }

    @Test
    void theSameSeedMakesTheSameBodyEveryRun() {
        for (PayloadContent c : PayloadContent.values()) {
            assertArrayEquals(c.body(1000, 3), c.body(1000, 3), c.option());
        }
        assertTrue(!java.util.Arrays.equals(PayloadContent.TEXT.body(1000, 1), PayloadContent.TEXT.body(1000, 2)),
                "each size's body its own");
    }

    @Test
    void onlyTheThreeAreTaken() {
        assertEquals(PayloadContent.RANDOM, PayloadContent.parse(" Random "));
        SettingsException e = assertThrows(SettingsException.class, () -> PayloadContent.parse("file:x"));
        assertEquals("--payload", e.option());
        assertTrue(e.getMessage().contains("expected zeros, random or text"), e.getMessage());
    }
}
