package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.ObjectMessage;
import javax.jms.Session;
import javax.jms.StreamMessage;
import javax.jms.TextMessage;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;
import dev.harness.core.broker.EmbeddedArtemis;
import dev.harness.core.jms.artemis.ArtemisProvider;

/**
 * Every --message-type written by the one writer and read by the one codec after a real trip
 * through an Artemis broker on 127.0.0.1: the header's five fields, the body's size, the
 * properties; and a message of someone else's of each type is no header.
 */
class MessageTypesTest {
    private static final long RUN = 0x1234_5678_9abc_def0L;
    private static EmbeddedArtemis broker;
    private static ArtemisProvider provider;

    @BeforeAll
    static void start() throws Exception {
        broker = EmbeddedArtemis.startTemporary();
        provider = new ArtemisProvider(broker.url(), null, null);
    }

    @AfterAll
    static void stop() throws Exception {
        if (provider != null) {
            provider.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    /** Sends {@code out} to a queue of its own and gets it back as a consumer does. */
    private static Message roundTrip(String queue, MessageMaker out) throws Exception {
        Connection c = provider.connect();
        try {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(provider.queue(s, queue));
            p.send(out.make(s));
            MessageConsumer consumer = s.createConsumer(provider.queue(s, queue));
            c.start();
            Message in = consumer.receive(10_000);
            assertNotNull(in, "the message came back");
            return in;
        } finally {
            c.close();
        }
    }

    interface MessageMaker {
        Message make(Session s) throws Exception;
    }

    @Test
    void everyTypeCarriesTheHeaderThroughTheBrokerAndIsReadBack() throws Exception {
        SizeMix sizes = SizeMix.parse("200:50,1KiB:50");
        MessageProperties properties = MessageProperties.of(3, List.of("ORDER_TYPE=limit"));
        for (MessageType type : MessageType.values()) {
            MessageContent content = MessageContent.of(sizes, PayloadContent.RANDOM, properties, null, type);
            MessageContent.Writer writer = content.writer();
            for (long sequence : new long[] {0, 1, 1L << 40}) {
                long seq = sequence;
                Message in = roundTrip("types." + type.option(),
                        s -> writer.create(s, RUN, 111_222_333L, 444_555_666L, MessageHeader.PRELOAD_SENDER, seq));
                MessageHeader h = new MessageHeader();
                assertTrue(h.read(in, RUN), type + " read back");
                assertEquals(RUN, h.runId, type.option());
                assertEquals(111_222_333L, h.intendedNs, type.option());
                assertEquals(444_555_666L, h.sendNs, type.option());
                assertEquals(MessageHeader.PRELOAD_SENDER, h.sender, type.option() + ": a negative sender survives");
                assertEquals(seq, h.sequence, type.option());
                assertEquals(RUN, in.getLongProperty(MessageHeader.RUN_PROPERTY), type + ": the property selectors see");
                assertEquals("limit", in.getStringProperty("ORDER_TYPE"), type.option());
                assertTrue(in.propertyExists("prop3"), type.option());
                int size = sizes.shares().get(sizes.classOf(seq)).bytes();
                assertEquals(size, bodyBytes(type, in), type + ": the body is the size asked, header included");
                assertFalse(new MessageHeader().read(in, RUN + 1), type + ": another run's");
            }
        }
    }

    /**
     * A responder's reply is its request's body in the request's type: the requester reads the
     * header it sent, marked when the request may have been answered before, and the reply is as
     * large as the request.
     */
    @Test
    void aReplyCopiesItsRequestInItsTypeAndCarriesTheMarkOfAnAnswerGivenAgain() throws Exception {
        SizeMix sizes = SizeMix.parse("300:50,3KiB:50");
        for (MessageType type : MessageType.values()) {
            MessageContent.Writer writer = MessageContent.of(sizes, PayloadContent.TEXT, MessageProperties.NONE, null, type)
                    .writer();
            for (boolean again : new boolean[] {false, true}) {
                long seq = again ? 12_345 : 1L << 33;
                Message request = roundTrip("requests." + type.option(),
                        s -> writer.create(s, RUN, 111_222_333L, 444_555_666L, 3, seq));
                ReplyCopy copy = new ReplyCopy(64);
                Message reply = roundTrip("replies." + type.option(), s -> copy.of(s, request, again));
                assertTrue(copy.timed, type + ": the request's header was read");
                assertEquals(seq, copy.header.sequence, type.option());
                MessageHeader h = new MessageHeader();
                assertTrue(h.read(reply, RUN), type + ": the requester reads its header in the reply");
                assertEquals(seq, h.sequence, type.option());
                assertEquals(111_222_333L, h.intendedNs, type.option());
                assertEquals(again, h.answeredAgain, type + ": the mark of a request answered again");
                assertEquals(bodyBytes(type, request), bodyBytes(type, reply), type + ": as large as its request");
            }
        }
    }

    @Test
    void aRequestWithNoHeaderIsAnsweredOnlyWhenItIsBytes() throws Exception {
        ReplyCopy copy = new ReplyCopy(64);
        Message text = roundTrip("others.requests", s -> s.createTextMessage("an application's request"));
        assertEquals(null, roundTripOrNull(copy, text), "no header to copy: unanswerable");
        Message bytes = roundTrip("others.requests", s -> {
            BytesMessage m = s.createBytesMessage();
            m.writeBytes(new byte[] {1, 2, 3});
            return m;
        });
        Message reply = roundTrip("others.replies", s -> copy.of(s, bytes, false));
        assertEquals(3, ((BytesMessage) reply).getBodyLength(), "any BytesMessage is echoed, untimed");
        assertFalse(copy.timed);
    }

    private static Message roundTripOrNull(ReplyCopy copy, Message request) throws Exception {
        Connection c = provider.connect();
        try {
            return copy.of(c.createSession(false, Session.AUTO_ACKNOWLEDGE), request, false);
        } finally {
            c.close();
        }
    }

    /** What the body holds, in bytes: as the type carries header and payload. */
    private static int bodyBytes(MessageType type, Message in) throws Exception {
        return switch (type) {
            case BYTES -> (int) assertInstanceOf(BytesMessage.class, in).getBodyLength();
            case TEXT -> assertInstanceOf(TextMessage.class, in).getText().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            case OBJECT -> ((byte[]) assertInstanceOf(ObjectMessage.class, in).getObject()).length;
            case STREAM -> {
                StreamMessage m = assertInstanceOf(StreamMessage.class, in);
                m.reset(); // read from the start, whatever read it before
                for (int i = 0; i < 5; i++) {
                    m.readObject(); // the header's five values
                }
                yield MessageHeader.BYTES + ((byte[]) m.readObject()).length;
            }
            case MAP -> {
                MapMessage m = assertInstanceOf(MapMessage.class, in);
                int chars = 0;
                for (int e = 1; m.itemExists("field" + e); e++) {
                    String v = m.getString("field" + e);
                    assertTrue(v.length() <= MessageHeader.MAP_ENTRY_CHARS, v);
                    chars += v.length();
                }
                yield MessageHeader.BYTES + chars;
            }
        };
    }

    @Test
    void othersMessagesOfEveryTypeAreNoHeader() throws Exception {
        MessageHeader h = new MessageHeader();
        assertFalse(h.read(roundTrip("others", s -> s.createTextMessage("hello, this is an order of someone else's"
                + " and longer than seventy-two characters of text, to be sure")), RUN));
        assertFalse(h.read(roundTrip("others", s -> s.createTextMessage(null)), RUN));
        assertFalse(h.read(roundTrip("others", s -> {
            MapMessage m = s.createMapMessage();
            m.setString("harness_run", "not a number");
            return m;
        }), RUN));
        assertFalse(h.read(roundTrip("others", Session::createMapMessage), RUN));
        assertFalse(h.read(roundTrip("others", s -> {
            StreamMessage m = s.createStreamMessage();
            m.writeString("an order");
            return m;
        }), RUN));
        assertFalse(h.read(roundTrip("others", s -> s.createObjectMessage("a string, not a byte array")), RUN));
        assertFalse(h.read(roundTrip("others", s -> s.createObjectMessage(new byte[3])), RUN));
        assertFalse(h.read(roundTrip("others", Session::createMessage), RUN));
    }

    @Test
    void aTypeWhoseHeaderDoesNotFitTheSmallestSizeIsRefused() {
        PutSettings settings = PutSettings.of(100, 1, dev.harness.core.schedule.Warmup.fixed(0), 1_000_000_000L,
                SizeMix.parse("64:50,1KiB:50"), false, 0, 1, "Q", 1, 1_000_000_000L);
        PutWorkload put = new PutWorkload(settings);
        put.messageType(MessageType.MAP); // 36 bytes of header: 64 holds it
        SettingsException e = assertThrows(SettingsException.class, () -> put.messageType(MessageType.TEXT));
        assertEquals("--size: a text message's header takes 72 bytes; expected sizes of at least that, got 64", e.getMessage());
    }

    @Test
    void badTypesAreOneLineNamingTheOption() {
        assertEquals(MessageType.STREAM, MessageType.parse(" Stream "));
        SettingsException e = assertThrows(SettingsException.class, () -> MessageType.parse("xml"));
        assertEquals("--message-type: expected bytes, text, map, stream or object, got 'xml'", e.getMessage());
    }
}
