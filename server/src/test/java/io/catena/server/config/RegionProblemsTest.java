package io.catena.server.config;

import static io.catena.server.config.ConfigTexts.problems;
import static io.catena.server.config.ConfigTexts.valid;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Problems with the region list and the region this process runs. */
class RegionProblemsTest {

    @Test
    void theSelectedRegionMustBeListed() {
        assertThat(problems(valid("").replace("region: us-central1", "region: mars"))).containsExactly(
                "test.yaml:2: region: 'mars' is not among regions (us-central1, europe-west1, asia-east1)");
    }

    @Test
    void aMisspelledRegionGetsASuggestion() {
        assertThat(problems(valid("").replace("region: us-central1", "region: europe-wset1"))).containsExactly(
                "test.yaml:2: region: 'europe-wset1' is not among regions (us-central1, europe-west1, asia-east1); "
                        + "did you mean europe-west1?");
    }

    @Test
    void aRegionFromTheCommandLineMustBeListedToo() {
        assertThat(problems(valid(""), Path.of("/"), "mars")).containsExactly(
                "test.yaml: region: 'mars', given on the command line, is not among regions (us-central1, "
                        + "europe-west1, asia-east1)");
    }

    @Test
    void regionNamesAreUnique() {
        assertThat(problems(valid("").replace("name: asia-east1", "name: us-central1"))).containsExactly(
                "test.yaml:8: regions[2].name: 'us-central1' is listed twice (also regions[0].name)");
    }

    @Test
    void twoRegionsCannotShareAnAddress() {
        assertThat(problems(valid("").replace("127.0.0.1:7103", "127.0.0.1:7101"))).containsExactly(
                "test.yaml:9: regions[2].address: 127.0.0.1:7101 is also regions[0].address; every endpoint needs a "
                        + "port of its own");
    }

    @Test
    void aMetricsEndpointCannotShareAnotherRegionsAddress() {
        assertThat(problems("""
                cluster: demo
                region: a
                regions:
                  - name: a
                    address: 127.0.0.1:7101
                    metrics: 127.0.0.1:9101
                  - name: b
                    address: 127.0.0.1:7102
                    metrics: 127.0.0.1:7101
                """)).containsExactly(
                        "test.yaml:9: regions[1].metrics: 127.0.0.1:7101 is also regions[0].address; every endpoint "
                                + "needs a port of its own");
    }

    @Test
    void aRegionsOwnMetricsCannotShareItsAddress() {
        assertThat(problems("""
                cluster: demo
                region: a
                regions:
                  - name: a
                    address: localhost:7101
                    metrics: LOCALHOST:7101
                """)).containsExactly(
                        "test.yaml:6: regions[0].metrics: localhost:7101 is also regions[0].address; every endpoint "
                                + "needs a port of its own");
    }

    @Test
    void theSamePortOnAnotherHostIsFine() {
        ServerConfig config = ConfigTexts.load("""
                cluster: demo
                region: a
                regions:
                  - name: a
                    address: 10.0.0.1:7100
                    metrics: 10.0.0.1:9100
                  - name: b
                    address: 10.0.0.2:7100
                    metrics: 10.0.0.2:9100
                """);
        assertThat(config.regions()).extracting(r -> r.address().port()).containsExactly(7100, 7100);
    }

    @Test
    void badHostPorts() {
        assertThat(problems("""
                cluster: demo
                region: a
                regions:
                  - name: a
                    address: 127.0.0.1
                  - name: b
                    address: 127.0.0.1:99999
                    metrics: ::1:9100
                """)).containsExactly(
                        "test.yaml:5: regions[0].address: '127.0.0.1' has no port; use host:port, e.g. 127.0.0.1:7100",
                        "test.yaml:7: regions[1].address: '127.0.0.1:99999' has port 99999, outside 1-65535",
                        "test.yaml:8: regions[1].metrics: '::1:9100' is not host:port; write an IPv6 host in "
                                + "brackets, e.g. [::1]:7100");
    }

    @Test
    void aWildcardIsNoAddressToConnectTo() {
        assertThat(problems(valid("").replace("127.0.0.1:7101", "0.0.0.0:7101"))).containsExactly(
                "test.yaml:5: regions[0].address: 0.0.0.0 is not an address others can connect to; give a reachable "
                        + "host, and set network.listenHost: 0.0.0.0 to listen on every interface");
    }

    @Test
    void namesAreSafeCharactersOnly() {
        assertThat(problems(valid("").replace("cluster: demo", "cluster: my demo")
                .replace("name: asia-east1", "name: asia/east1"))).containsExactly(
                        "test.yaml:1: cluster: 'my demo' must be 1 to 64 letters, digits, '.', '_' or '-'",
                        "test.yaml:8: regions[2].name: 'asia/east1' must be 1 to 64 letters, digits, '.', '_' or '-'");
    }

    @Test
    void anEmptyRegionList() {
        assertThat(problems("cluster: demo\nregion: a\nregions: []\n")).containsExactly(
                "test.yaml:3: regions: lists no region; list every region of the cluster with its name and address");
    }

    @Test
    void aRegionWithoutName() {
        assertThat(problems(valid("").replace("  - name: europe-west1\n    address", "  - address"))).containsExactly(
                "test.yaml:6: regions[1].name: missing required key");
    }
}
