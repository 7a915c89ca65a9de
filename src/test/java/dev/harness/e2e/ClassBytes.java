package dev.harness.e2e;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.sun.tools.attach.VirtualMachine;

/**
 * A test-only agent that sees, from outside the probe, what code a class runs now. The
 * application loads it into itself (a jar whose manifest names this class, written by the test;
 * {@code -Djdk.attach.allowAttachSelf=true}) anew for each look, so its JVMTI environment is newer
 * than the probe's: a retransformation hands each environment's transformers, oldest environment
 * first, what the previous ones made, so the bytes this one is handed are the class file after
 * the probe's transformer, if one is installed. Advice the probe inlined calls
 * {@code dev.harness.agent.boot.ProbeHooks}, so those bytes name it while the probe runs and must
 * not once it has detached.
 */
public final class ClassBytes {
    static final String HOOKS = "dev/harness/agent/boot/ProbeHooks";
    private static volatile Instrumentation inst;

    private ClassBytes() {
    }

    public static void agentmain(String args, Instrumentation instrumentation) {
        inst = instrumentation;
    }

    /**
     * Of the loaded concrete classes that are one of {@code types}, those whose current code names
     * the probe's hooks; {@code lookedAt[0]} says how many were looked at. Loads {@code jar} into
     * this JVM first: an agent newer than the probe.
     */
    static synchronized List<String> probed(Path jar, List<Class<?>> types, int[] lookedAt) throws Exception {
        VirtualMachine self = VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        try {
            self.loadAgent(jar.toString());
        } finally {
            self.detach();
        }
        List<Class<?>> classes = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (!c.isInterface() && inst.isModifiableClass(c) && types.stream().anyMatch(t -> t.isAssignableFrom(c))) {
                classes.add(c);
            }
        }
        Map<Class<?>, byte[]> seen = new ConcurrentHashMap<>();
        ClassFileTransformer capture = new ClassFileTransformer() {
            @Override
            public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
                    ProtectionDomain domain, byte[] bytes) {
                if (redefined != null) {
                    seen.put(redefined, bytes.clone());
                }
                return null;
            }
        };
        inst.addTransformer(capture, true);
        try {
            inst.retransformClasses(classes.toArray(Class<?>[]::new));
        } finally {
            inst.removeTransformer(capture);
        }
        lookedAt[0] = classes.size();
        byte[] hooks = HOOKS.getBytes(StandardCharsets.UTF_8);
        List<String> probed = new ArrayList<>();
        for (Class<?> c : classes) {
            byte[] b = seen.get(c);
            if (b == null) {
                throw new IllegalStateException("retransforming " + c.getName() + " handed no bytes to the capture");
            }
            if (contains(b, hooks)) {
                probed.add(c.getName());
            }
        }
        return probed;
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** For messages. */
    static String names(List<String> names) {
        return Arrays.toString(names.toArray());
    }
}
