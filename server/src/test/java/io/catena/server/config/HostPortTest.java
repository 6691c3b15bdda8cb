package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HostPortTest {

    @ParameterizedTest
    @CsvSource({"127.0.0.1:7100, 127.0.0.1, 7100", "localhost:1, localhost, 1",
        "Node-1.Example.com:65535, node-1.example.com, 65535", "'[::1]:7100', ::1, 7100",
        "'[fe80::1%eth0]:80', fe80::1%eth0, 80"})
    void parsesHostsAndPorts(String text, String host, int port) {
        HostPort parsed = HostPort.parse(text);
        assertThat(parsed.host()).isEqualTo(host);
        assertThat(parsed.port()).isEqualTo(port);
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:7100", "[::1]:7100", "example.com:80"})
    void rendersWhatParsesBack(String text) {
        assertThat(HostPort.parse(text)).hasToString(text);
    }

    @Test
    void explainsAMissingPort() {
        assertThatThrownBy(() -> HostPort.parse("127.0.0.1"))
                .hasMessage("'127.0.0.1' has no port; use host:port, e.g. 127.0.0.1:7100");
    }

    @Test
    void explainsAPortOutOfRange() {
        assertThatThrownBy(() -> HostPort.parse("127.0.0.1:70000"))
                .hasMessage("'127.0.0.1:70000' has port 70000, outside 1-65535");
        assertThatThrownBy(() -> HostPort.parse("127.0.0.1:0")).hasMessage("'127.0.0.1:0' has port 0, outside 1-65535");
    }

    @Test
    void explainsAPortThatIsNoNumber() {
        assertThatThrownBy(() -> HostPort.parse("127.0.0.1:http"))
                .hasMessage("'127.0.0.1:http' is not host:port; the port must be a number, e.g. 127.0.0.1:7100");
    }

    @Test
    void explainsUnbracketedIpv6() {
        assertThatThrownBy(() -> HostPort.parse("::1:7100"))
                .hasMessage("'::1:7100' is not host:port; write an IPv6 host in brackets, e.g. [::1]:7100");
    }

    @Test
    void explainsABadHost() {
        assertThatThrownBy(() -> HostPort.parse("my host:7100"))
                .hasMessage("'my host:7100' is not host:port; 'my host' is not a host name or IP address");
        assertThatThrownBy(() -> HostPort.parse(":7100"))
                .hasMessage("':7100' is not host:port; '' is not a host name or IP address");
    }

    @Test
    void explainsAnUnclosedBracket() {
        assertThatThrownBy(() -> HostPort.parse("[::1:7100"))
                .hasMessage("'[::1:7100' is not host:port; write it as [ipv6]:port, e.g. [::1]:7100");
    }

    @Test
    void knowsWildcards() {
        assertThat(HostPort.parse("0.0.0.0:1").isWildcard()).isTrue();
        assertThat(HostPort.parse("[::]:1").isWildcard()).isTrue();
        assertThat(HostPort.parse("127.0.0.1:1").isWildcard()).isFalse();
    }

    @Test
    void comparesHostsCaseInsensitively() {
        assertThat(HostPort.parse("LocalHost:1")).isEqualTo(HostPort.of("localhost", 1));
    }

    @Test
    void changesHostKeepingThePort() {
        assertThat(HostPort.parse("10.0.0.1:7100").withHost("0.0.0.0")).isEqualTo(HostPort.of("0.0.0.0", 7100));
    }
}
