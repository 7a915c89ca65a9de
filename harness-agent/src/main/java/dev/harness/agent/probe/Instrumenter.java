package dev.harness.agent.probe;

import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.harness.agent.boot.ProbeHooks;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * What the probe instruments and how: one group per kind of call, each a type matcher (the
 * implementations of an interface, or IBM's MQ classes and their subclasses), a method matcher
 * and the advice with its constants. Retransformation, so classes loaded before the probe are
 * instrumented too, and {@link ResettableClassFileTransformer#reset} gives their original bytes back.
 */
final class Instrumenter {
    /** One kind of call. */
    record Group(String what, ElementMatcher<TypeDescription> types, ElementMatcher<MethodDescription> methods,
            AsmVisitorWrapper advice) {
    }

    private Instrumenter() {
    }

    /** The groups, for javax.jms and jakarta.jms and the MQ classes for Java. */
    static List<Group> groups() {
        List<Group> groups = new ArrayList<>();
        for (String ns : List.of("javax", "jakarta")) {
            String jms = ns + ".jms."; // built at run time: the jakarta shading must not rewrite it
            // The send's delivery mode argument, where it has one, is the first int: at 1 or 2.
            ElementMatcher.Junction<TypeDescription> producers = implementing(jms + "MessageProducer", jms + "JMSProducer");
            groups.add(group(ns + " send", producers,
                    named("send").and(not(takesArgument(1, int.class))).and(not(takesArgument(2, int.class))),
                    Advice.to(Advices.Send.class)));
            groups.add(group(ns + " send with delivery mode", producers,
                    named("send").and(takesArgument(1, int.class)), Advice.to(Advices.SendModeAt1.class)));
            groups.add(group(ns + " send to a destination with delivery mode", producers,
                    named("send").and(not(takesArgument(1, int.class))).and(takesArgument(2, int.class)),
                    Advice.to(Advices.SendModeAt2.class)));
            groups.add(group(ns + " commit", implementing(jms + "Session", jms + "JMSContext"),
                    named("commit").and(takesArguments(0)), timed(ProbeHooks.F_TRANSACTION, ProbeHooks.COMMIT)));
            groups.add(group(ns + " rollback", implementing(jms + "Session", jms + "JMSContext"),
                    named("rollback").and(takesArguments(0)), timed(ProbeHooks.F_TRANSACTION, ProbeHooks.ROLLBACK)));
            groups.add(group(ns + " receive", implementing(jms + "MessageConsumer"),
                    namedOneOf("receive", "receiveNoWait"), Advice.to(Advices.Receive.class)));
            groups.add(group(ns + " onMessage", implementing(jms + "MessageListener"),
                    named("onMessage").and(takesArguments(1)), timed(ProbeHooks.F_ON_MESSAGE, ProbeHooks.ON_MESSAGE)));
        }
        String mq = "com.ibm.mq.";
        // MQQueue inherits put and get from MQDestination (MQ 9); older clients declare them on MQQueue.
        ElementMatcher.Junction<TypeDescription> queue = implementing(mq + "MQDestination", mq + "MQQueue");
        groups.add(group("MQ put", queue, named("put").and(referenceArguments(0)), Advice.to(Advices.MqQueuePut.class)));
        groups.add(group("MQ get", queue, named("get"), timed(ProbeHooks.F_MQ_GET, ProbeHooks.MQ_GET)));
        ElementMatcher.Junction<TypeDescription> qmgr = implementing(mq + "MQQueueManager");
        groups.add(group("MQ put1", qmgr, namedOneOf("put", "put1").and(referenceArguments(1)),
                Advice.to(Advices.MqPut.class)));
        groups.add(group("MQ commit", qmgr, named("commit").and(takesArguments(0)),
                timed(ProbeHooks.F_MQ_TRANSACTION, ProbeHooks.MQ_COMMIT)));
        groups.add(group("MQ backout", qmgr, named("backout").and(takesArguments(0)),
                timed(ProbeHooks.F_MQ_TRANSACTION, ProbeHooks.MQ_BACKOUT)));
        return groups;
    }

    /** Concrete classes that are, or extend or implement, one of the named types. */
    private static ElementMatcher.Junction<TypeDescription> implementing(String... names) {
        return not(isInterface()).and(hasSuperType(namedOneOf(names)));
    }

    private static Group group(String what, ElementMatcher.Junction<TypeDescription> types,
            ElementMatcher.Junction<MethodDescription> methods, Advice advice) {
        ElementMatcher<MethodDescription> concrete = methods.and(not(isAbstract())).and(not(isSynthetic()));
        return new Group(what, types, concrete, advice.on(concrete));
    }

    private static Advice timed(int family, int op) {
        return Advice.withCustomMapping()
                .bind(Advices.Family.class, family)
                .bind(Advices.Op.class, op)
                .to(Advices.Timed.class);
    }

    /** Arguments {@code from} to 5, where present, are references: the put advice binds them without boxing. */
    private static ElementMatcher.Junction<MethodDescription> referenceArguments(int from) {
        return new ElementMatcher.Junction.AbstractBase<MethodDescription>() {
            @Override
            public boolean matches(MethodDescription m) {
                var params = m.getParameters();
                for (int i = from; i < params.size() && i <= 5; i++) {
                    if (params.get(i).getType().isPrimitive()) {
                        return false;
                    }
                }
                return true;
            }
        };
    }

    /** The classes instrumented so far, by name, and the failures, for the probe's messages. */
    static final class Seen extends AgentBuilder.Listener.Adapter {
        final Set<String> instrumented = ConcurrentHashMap.newKeySet();
        final AtomicInteger errors = new AtomicInteger();
        volatile String lastError;

        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                DynamicType dynamicType) {
            instrumented.add(type.getName());
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            errors.incrementAndGet();
            lastError = typeName + ": " + error;
        }
    }

    /** Installs every group on {@code inst}; classes already loaded are retransformed now. */
    static ResettableClassFileTransformer install(Instrumentation inst, Seen seen) {
        AgentBuilder builder = new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(seen)
                .ignore(nameStartsWith("dev.harness.agent.").or(nameStartsWith("java."))
                        .or(nameStartsWith("jdk.")).or(nameStartsWith("sun.")).or(isSynthetic()));
        List<Group> groups = groups();
        return builder.type(anyOf(groups)).transform(new AllGroups(groups)).installOn(inst);
    }

    /** A type any group instruments. */
    static ElementMatcher<TypeDescription> anyOf(List<Group> groups) {
        return new ElementMatcher<TypeDescription>() {
            @Override
            public boolean matches(TypeDescription type) {
                for (Group g : groups) {
                    if (g.types().matches(type)) {
                        return true;
                    }
                }
                return false;
            }
        };
    }

    /** Every group's advice on a type the group matches: a class can be a Session and a MessageListener both. */
    record AllGroups(List<Group> groups) implements AgentBuilder.Transformer {
        @Override
        public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader,
                JavaModule module, java.security.ProtectionDomain domain) {
            return apply(builder, type);
        }

        DynamicType.Builder<?> apply(DynamicType.Builder<?> builder, TypeDescription type) {
            for (Group g : groups) {
                if (g.types().matches(type)) {
                    builder = builder.visit(g.advice());
                }
            }
            return builder;
        }
    }
}
