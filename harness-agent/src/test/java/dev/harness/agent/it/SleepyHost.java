package dev.harness.agent.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A plain host JVM for the agent to live in: prints {@code host alive N} every 200 ms until it
 * reads a line {@code exit} on standard input or its time is up (first argument, seconds; default
 * 60), then prints {@code thread <name> daemon=<true|false>} for each thread the agent started
 * and {@code host done}, and returns from main. It never calls System.exit, so it only exits
 * (with 0) if nothing the agent started keeps the JVM alive.
 */
public final class SleepyHost {
    private static volatile boolean exitAsked;

    private SleepyHost() {
    }

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 60;
        Thread stdin = new Thread(SleepyHost::readStdin, "sleepy-host-stdin");
        stdin.setDaemon(true);
        stdin.start();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        for (int n = 1; !exitAsked && System.nanoTime() - end < 0; n++) {
            System.out.println("host alive " + n);
            Thread.sleep(200);
        }
        Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("harness-agent"))
                .forEach(t -> System.out.println("thread " + t.getName() + " daemon=" + t.isDaemon()));
        System.out.println("host done");
    }

    private static void readStdin() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null;) {
                if (line.strip().equals("exit")) {
                    exitAsked = true;
                    return;
                }
            }
        } catch (IOException e) {
            // No stdin: run until the time is up.
        }
    }
}
