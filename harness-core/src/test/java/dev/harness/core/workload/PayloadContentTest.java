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
    void theThreeOrAFileAreTaken() {
        assertEquals(PayloadContent.RANDOM, PayloadContent.parse(" Random "));
        SettingsException e = assertThrows(SettingsException.class, () -> PayloadContent.parse("prose"));
        assertEquals("--payload", e.option());
        assertTrue(e.getMessage().contains("expected zeros, random, text or file:PATH"), e.getMessage());
        SettingsException missing = assertThrows(SettingsException.class, () -> PayloadContent.parse("file:/nonexistent/x"));
        assertEquals("--payload", missing.option());
        assertTrue(missing.getMessage().startsWith("--payload: file:/nonexistent/x cannot be read: "), missing.getMessage());
    }

    /** The application's own messages, a line each or a file each, fill the bodies in turn, cut at each size. */
    @Test
    void samplesFillTheBodiesInTurnCutAtTheSize(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path lines = java.nio.file.Files.writeString(dir.resolve("orders.jsonl"),
                "{\"order\":1}\n\n{\"order\":22}\n");
        PayloadContent p = PayloadContent.parse("file:" + lines);
        assertEquals("file:" + lines + " (the application's messages: 2 samples, 13 bytes on average, in turn, each body"
                + " cut at its size)", p.describe());
        assertEquals("{\"order\":1}\n{\"order\":22}\n{\"ord", new String(p.body(30, 0), java.nio.charset.StandardCharsets.UTF_8));
        assertEquals("{\"order\":22}\n{\"ord", new String(p.body(18, 1), java.nio.charset.StandardCharsets.UTF_8),
                "the next body starts at the next sample");
        assertEquals(2, p.variants(30, 16, 4L << 20), "one body a sample");
        assertEquals(16, PayloadContent.TEXT.variants(30, 16, 4L << 20));

        java.nio.file.Path files = java.nio.file.Files.createDirectory(dir.resolve("samples"));
        java.nio.file.Files.write(files.resolve("b.bin"), new byte[] {2, 2});
        java.nio.file.Files.write(files.resolve("a.bin"), new byte[] {1});
        java.nio.file.Files.write(files.resolve(".hidden"), new byte[] {9});
        PayloadContent d = PayloadContent.parse("file:" + files);
        assertArrayEquals(new byte[] {1, 2, 2, 1, 2}, d.body(5, 0), "a file each, by name, hidden ones left out");

        java.nio.file.Path crlf = java.nio.file.Files.write(dir.resolve("rows.csv"), new byte[] {'a', '\r', '\n', (byte) 0xe9,
            '\r', '\n'});
        assertArrayEquals(new byte[] {'a', '\r', '\n', (byte) 0xe9, '\r', '\n', 'a'}, PayloadContent.parse("file:" + crlf).body(7, 0),
                "a line file's bytes as they are, any encoding, each line with its end");
        SettingsException noPath = assertThrows(SettingsException.class, () -> PayloadContent.parse("file: "));
        assertTrue(noPath.getMessage().contains("file: needs a path"), noPath.getMessage());

        java.nio.file.Path empty = java.nio.file.Files.writeString(dir.resolve("empty.txt"), "\n \n");
        SettingsException none = assertThrows(SettingsException.class, () -> PayloadContent.parse("file:" + empty));
        assertTrue(none.getMessage().contains("holds no sample"), none.getMessage());
    }
}
