package dev.harness.agent.probe;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.harness.agent.boot.ProbeHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * The advice Byte Buddy inlines into the instrumented methods: nothing but calls to
 * {@link ProbeHooks}, which is on the bootstrap class path and so visible from any class loader.
 * {@link Op} and {@link Family} are bound to constants per instrumented method group.
 *
 * <p>Every advice method suppresses whatever it throws: under a class loader that does not
 * delegate {@code dev.harness.*} to the bootstrap loader (OSGi, JBoss Modules) the call to the
 * hooks throws NoClassDefFoundError, which must never reach the application. A suppressed enter
 * leaves the start time 0, which the hooks treat as not timed.
 */
final class Advices {
    private Advices() {
    }

    /** The operation code ({@link ProbeHooks#COMMIT}, ...). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Op {
    }

    /** The nesting family ({@link ProbeHooks#F_TRANSACTION}, ...). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Family {
    }

    /** commit, rollback, onMessage, MQ get, commit, backout. */
    static final class Timed {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static long enter(@Family int family) {
            return ProbeHooks.enter(family);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Family int family, @Op int op, @Advice.Enter long start,
                @Advice.This(optional = true) Object self, @Advice.Thrown Throwable thrown) {
            ProbeHooks.exit(family, op, start, self, thrown);
        }
    }

    /**
     * MessageProducer.send and JMSProducer.send without a delivery mode argument: inside or
     * outside syncpoint, persistent or not, by the producer.
     */
    static final class Send {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static long enter() {
            return ProbeHooks.enter(ProbeHooks.F_SEND);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter long start, @Advice.This(optional = true) Object self,
                @Advice.Thrown Throwable thrown) {
            ProbeHooks.exitSend(start, self, 0, thrown);
        }
    }

    /** MessageProducer.send(Message, int deliveryMode, ...): the call says its delivery mode. */
    static final class SendModeAt1 {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static long enter() {
            return ProbeHooks.enter(ProbeHooks.F_SEND);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter long start, @Advice.This(optional = true) Object self,
                @Advice.Argument(1) int deliveryMode, @Advice.Thrown Throwable thrown) {
            ProbeHooks.exitSend(start, self, deliveryMode, thrown);
        }
    }

    /** MessageProducer.send(Destination, Message, int deliveryMode, ...). */
    static final class SendModeAt2 {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static long enter() {
            return ProbeHooks.enter(ProbeHooks.F_SEND);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter long start, @Advice.This(optional = true) Object self,
                @Advice.Argument(2) int deliveryMode, @Advice.Thrown Throwable thrown) {
            ProbeHooks.exitSend(start, self, deliveryMode, thrown);
        }
    }

    /** MessageConsumer.receive*: a null return is a receive that got no message. */
    static final class Receive {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static long enter() {
            return ProbeHooks.enter(ProbeHooks.F_RECEIVE);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter long start, @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object message,
                @Advice.Thrown Throwable thrown) {
            ProbeHooks.exitReceive(start, message, thrown);
        }
    }

    /**
     * MQDestination.put(MQMessage[, MQPutMessageOptions]): every argument a reference (the
     * matcher sees to it), so nothing is boxed.
     */
    static final class MqQueuePut {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static long enter() {
            return ProbeHooks.enter(ProbeHooks.F_MQ_PUT);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter long start,
                @Advice.Argument(value = 0, optional = true, typing = Assigner.Typing.DYNAMIC) Object a0,
                @Advice.Argument(value = 1, optional = true, typing = Assigner.Typing.DYNAMIC) Object a1,
                @Advice.Thrown Throwable thrown) {
            ProbeHooks.exitMqPut(start, a0, a1, null, null, null, null, thrown);
        }
    }

    /**
     * MQQueueManager.put (put1): the message and put-message options are among the arguments
     * after the first, whose position differs by overload. Only reference arguments are bound
     * (the matcher skips overloads with a primitive there), so nothing is boxed.
     */
    static final class MqPut {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static long enter() {
            return ProbeHooks.enter(ProbeHooks.F_MQ_PUT);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter long start,
                @Advice.Argument(value = 1, optional = true, typing = Assigner.Typing.DYNAMIC) Object a1,
                @Advice.Argument(value = 2, optional = true, typing = Assigner.Typing.DYNAMIC) Object a2,
                @Advice.Argument(value = 3, optional = true, typing = Assigner.Typing.DYNAMIC) Object a3,
                @Advice.Argument(value = 4, optional = true, typing = Assigner.Typing.DYNAMIC) Object a4,
                @Advice.Argument(value = 5, optional = true, typing = Assigner.Typing.DYNAMIC) Object a5,
                @Advice.Thrown Throwable thrown) {
            ProbeHooks.exitMqPut(start, null, a1, a2, a3, a4, a5, thrown);
        }
    }
}
