package io.catena.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.wire.TlsSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ConnectionUrlTest {

    @Test
    void minimalUrlGetsTheDefaults() {
        ConnectionUrl url = ConnectionUrl.parse("catena://db1:7450/?region=eu");
        assertThat(url.hosts()).containsExactly(new HostAndPort("db1", 7450));
        assertThat(url.region()).isEqualTo("eu");
        assertThat(url.cluster()).isEqualTo(ConnectionUrl.DEFAULT_CLUSTER);
        assertThat(url.timeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(url.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(url.resendAfter()).isEqualTo(Duration.ofSeconds(1));
        assertThat(url.wireFormat()).isEqualTo(WireFormat.SMILE);
        assertThat(url.usesTls()).isFalse();
    }

    @Test
    void everyHostFormAndEveryParameter() {
        ConnectionUrl url = ConnectionUrl.parse("CATENA://db-1.eu.example.com:7450,10.0.0.7:7451,[2001:db8::7]:7452,"
                + "[::ffff:192.0.2.1]:7453/prod?region=europe-west1&timeout=500ms&connectTimeout=1m&resendAfter=250ms"
                + "&codec=json&tls=true&tlsCa=/etc/catena/ca%20bundle.pem&tlsCert=/c.pem&tlsKey=/k.pem");
        assertThat(url.hosts()).containsExactly(new HostAndPort("db-1.eu.example.com", 7450),
                new HostAndPort("10.0.0.7", 7451), new HostAndPort("2001:db8::7", 7452),
                new HostAndPort("::ffff:192.0.2.1", 7453));
        assertThat(url.cluster()).isEqualTo("prod");
        assertThat(url.region()).isEqualTo("europe-west1");
        assertThat(url.timeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(url.connectTimeout()).isEqualTo(Duration.ofMinutes(1));
        assertThat(url.resendAfter()).isEqualTo(Duration.ofMillis(250));
        assertThat(url.wireFormat()).isEqualTo(WireFormat.JSON);
        assertThat(url.tls()).isEqualTo(new TlsSettings(Path.of("/c.pem"), Path.of("/k.pem"),
                Path.of("/etc/catena/ca bundle.pem")));
        assertThat(url.tls().presentsCertificate()).isTrue();
    }

    @Test
    void noPathAndTlsWithTheDefaultTrustStoreAreFine() {
        ConnectionUrl url = ConnectionUrl.parse("catena://db1:1?region=us&tls=true");
        assertThat(url.cluster()).isEqualTo("catena");
        assertThat(url.tls().trustedCertificatesFile()).isEmpty();
        assertThat(url.tls().presentsCertificate()).isFalse();
    }

    @Test
    void canonicalFormParsesBackToTheSameSettings() {
        for (String s : List.of("catena://db1:7450/?region=eu",
                "catena://a:1,[::1]:2/prod?region=us&timeout=20s&codec=json&tls=true&tlsCa=/x%26y.pem",
                "catena://10.1.2.3:9/?region=eu&timeout=1500ms&connectTimeout=1m")) {
            ConnectionUrl url = ConnectionUrl.parse(s);
            assertThat(ConnectionUrl.parse(url.toString())).isEqualTo(url);
        }
        assertThat(ConnectionUrl.parse("catena://a:1/?region=eu&timeout=1500ms").toString())
                .contains("timeout=1500ms", "codec=smile", "tls=false");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            ''                                          | The URL is empty
            http://db1:7450/?region=eu                  | The scheme 'http' is not catena
            db1:7450/?region=eu                         | does not start with catena://
            catena://db1:7450/?region=eu#top            | has a fragment '#top'
            catena:///?region=eu                        | names no host
            catena://user@db1:7450/?region=eu           | carry no credentials
            catena://db1/?region=eu                     | The host 'db1' has no port; write it as db1:PORT
            catena://db1:/?region=eu                    | The port '' of 'db1:' is not a number
            catena://db1:http/?region=eu                | The port 'http' of 'db1:http'
            catena://db1:0/?region=eu                   | The port 0 of 'db1:0' is outside 1 to 65535
            catena://db1:65536/?region=eu               | The port 65536 of 'db1:65536' is outside
            catena://:7450/?region=eu                   | has a port but no host
            catena://db1:1,,db2:2/?region=eu            | an empty entry
            catena://db1:1,db1:1/?region=eu             | The host db1:1 is listed twice
            catena://-db1:7450/?region=eu               | The host '-db1' is neither a valid host name
            catena://db_1:7450/?region=eu               | The host 'db_1' is neither
            catena://db1..eu:7450/?region=eu            | The host 'db1..eu' is neither
            catena://256.1.1.1:7450/?region=eu          | The host '256.1.1.1' is neither
            catena://10.0.0:7450/?region=eu             | The host '10.0.0' is neither
            catena://010.0.0.1:7450/?region=eu          | The host '010.0.0.1' is neither
            catena://::1:7450/?region=eu                | looks like an IPv6 address; put the address in brackets
            catena://[::1/?region=eu                    | has no closing bracket
            catena://[::1]/?region=eu                   | The host '[::1]' has no port
            catena://[1::2::3]:7450/?region=eu          | '1::2::3' in '[1::2::3]:7450' is not an IPv6 address
            catena://[12345::]:7450/?region=eu          | is not an IPv6 address
            catena://[1:2:3:4:5:6:7]:7450/?region=eu    | is not an IPv6 address
            catena://db1:7450/a/b?region=eu             | The path '/a/b' has more than one segment
            catena://db1:7450/pr*d?region=eu            | The cluster name 'pr*d' may only hold
            catena://db1:7450/                          | has no region parameter
            catena://db1:7450/?timeout=5s               | has no region parameter; add ?region=NAME
            catena://db1:7450/?region=                  | The parameter region is empty
            catena://db1:7450/?region=e u               | The region 'e u' may only hold
            catena://db1:7450/?region=eu&regoin=us      | The parameter 'regoin' is unknown; the known parameters are codec
            catena://db1:7450/?region=eu&region=us      | The parameter 'region' appears twice
            catena://db1:7450/?region=eu&&timeout=5s    | an empty parameter
            catena://db1:7450/?region=eu&               | an empty parameter
            catena://db1:7450/?region=eu&tls            | The parameter 'tls' has no value; write it as tls=VALUE
            catena://db1:7450/?region=eu&timeout=5      | The timeout '5' is not a duration; write a whole number and a unit
            catena://db1:7450/?region=eu&timeout=5h     | The timeout '5h' is not a duration
            catena://db1:7450/?region=eu&timeout=-1s    | The timeout '-1s' is not a duration
            catena://db1:7450/?region=eu&timeout=0s     | The timeout '0s' is zero
            catena://db1:7450/?region=eu&timeout=1m     | The timeout 1m is longer than 20s
            catena://db1:7450/?region=eu&resendAfter=x  | The resendAfter 'x' is not a duration
            catena://db1:7450/?region=eu&codec=xml      | The codec 'xml' is unknown; write codec=smile or codec=json
            catena://db1:7450/?region=eu&tls=yes        | The parameter tls is 'yes'; write tls=true or tls=false
            catena://db1:7450/?region=eu&tlsCa=/ca.pem  | The parameter tlsCa is set but TLS is off
            catena://db1:7450/?region=eu&tls=true&tlsCert=/c.pem | give both tlsCert and tlsKey, or neither
            catena://db1:7450/?region=eu&tls=true&tlsCa= | The parameter tlsCa is empty
            catena://db1:7450/?region=e%zzu             | bad escape in 'e%zzu'
            """)
    void badUrlsNameTheBadPart(String url, String expected) {
        String given = url == null ? "" : url;
        assertThatThrownBy(() -> ConnectionUrl.parse(given))
                .isInstanceOf(InvalidConnectionUrlException.class)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(expected)
                .satisfies(e -> {
                    assertThat(e.getMessage()).endsWith(".");
                    assertThat(((InvalidConnectionUrlException) e).url()).isEqualTo(given);
                });
    }

    @Test
    void nullUrlIsReportedAsEmpty() {
        assertThatThrownBy(() -> ConnectionUrl.parse(null)).hasMessageStartingWith("The URL is empty");
    }

    @Test
    void hostSyntaxAcceptsWhatResolversAccept() {
        assertThat(HostListParser.isIpv6("::")).isTrue();
        assertThat(HostListParser.isIpv6("1:2:3:4:5:6:7:8")).isTrue();
        assertThat(HostListParser.isIpv6("1:2:3:4:5:6:7::")).isTrue();
        assertThat(HostListParser.isIpv6("fe80::1:2")).isTrue();
        assertThat(HostListParser.isIpv6("1:2:3:4:5:6:1.2.3.4")).isTrue();
        assertThat(HostListParser.isIpv6("1:2:3:4:5:6:7:8:9")).isFalse();
        assertThat(HostListParser.isIpv6("1:2:3:4:5:6:7:8::")).isFalse();
        assertThat(HostListParser.isIpv6(":1:2:3:4:5:6:7")).isFalse();
        assertThat(HostListParser.isIpv6("g::1")).isFalse();
        assertThat(HostListParser.isHostName("localhost")).isTrue();
        assertThat(HostListParser.isHostName("a".repeat(64) + ".com")).isFalse();
        assertThat(HostListParser.isHostName("bücher.de")).isFalse();
    }

    @Property
    void everyPortInRangeParsesAndTheNextDoesNot(@ForAll @IntRange(min = 1, max = 65_535) int port) {
        assertThat(ConnectionUrl.parse("catena://h:" + port + "/?region=r").hosts().get(0).port()).isEqualTo(port);
        if (port == 65_535) {
            assertThatThrownBy(() -> ConnectionUrl.parse("catena://h:" + (port + 1) + "/?region=r"))
                    .isInstanceOf(InvalidConnectionUrlException.class);
        }
    }

    @Test
    void settingsBuiltInCodeAreCheckedToo() {
        ConnectionUrl url = ConnectionUrl.parse("catena://h:1/?region=r");
        assertThatThrownBy(() -> url.withTimeout(Duration.ofSeconds(21))).hasMessageContaining("exceeds 20s");
        assertThatThrownBy(() -> url.withTimeout(Duration.ofNanos(1500))).hasMessageContaining("whole milliseconds");
        assertThat(url.withTimeout(Duration.ofSeconds(3)).timeout()).isEqualTo(Duration.ofSeconds(3));
    }
}
