package dev.harness.core.jms.mq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MqAddressTest {
    @Test
    void connNameListKeepsOrderAndDefaultsThePort() {
        List<MqAddress.Endpoint> list = MqAddress.parseConnName(" mq1.example.com(1414), 10.0.0.2 ( 1515 ),mq3");
        assertEquals(List.of(new MqAddress.Endpoint("mq1.example.com", 1414), new MqAddress.Endpoint("10.0.0.2", 1515),
                new MqAddress.Endpoint("mq3", 1414)), list);
        assertEquals("mq1.example.com(1414),10.0.0.2(1515),mq3(1414)",
                new MqAddress("DEV.APP.SVRCONN", list).connName());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "h(0)", "h(65536)", "h(port)", "h((1))", "a(1),", ",a(1)", "a b(1)", "h(1)x"})
    void badConnNamesAreRefusedWithWhatWasExpected(String connName) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MqAddress.parseConnName(connName));
        assertTrue(e.getMessage().startsWith("expected"), e.getMessage());
    }

    @Test
    void mqServerInItsUsualForm() {
        MqAddress a = MqAddress.parseMqServer("DEV.APP.SVRCONN/TCP/mqhost(1414)");
        assertEquals("DEV.APP.SVRCONN", a.channel());
        assertEquals("mqhost(1414)", a.connName());
        MqAddress list = MqAddress.parseMqServer("CHL/tcp/h1(1),h2");
        assertEquals("h1(1),h2(1414)", list.connName(), "a list, and the transport in any case");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "DEV.APP.SVRCONN", "DEV.APP.SVRCONN/TCP", "/TCP/h(1)", "CHL/LU62/h(1)", "CHL/TCP/",
        "CHL/TCP/h(1)/x", "A.CHANNEL.NAME.OVER.20.CHARS/TCP/h(1)", "CHL/TCP/h(99999)"})
    void badMqServerValuesAreRefused(String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MqAddress.parseMqServer(value));
        assertTrue(e.getMessage().contains("expected"), e.getMessage());
    }
}
