package io.catena.server.config;

import static io.catena.server.config.ConfigTexts.load;
import static io.catena.server.config.ConfigTexts.problems;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code regions[].chainServers}: a region's chain servers in processes of their own. */
class ChainServerProcessesTest {

    private static String file(String chainServers, String tail) {
        return """
                cluster: demo
                region: a
                regions:
                  - name: a
                    address: 127.0.0.1:7101
                """ + chainServers + """
                  - name: b
                    address: 127.0.0.1:7102
                protocol:
                  chainServers: 2
                """ + tail;
    }

    private static final String TWO = """
                chainServers:
                  - address: 127.0.0.1:7111
                    metrics: 127.0.0.1:9111
                    beside: 127.0.0.2:9042
                  - address: 127.0.0.1:7112
            """;

    @Test
    void listedProcessesAreReadInOrderAndLeaveTheFingerprintAlone() {
        ServerConfig split = load(file(TWO, "storage:\n  journal: data\n"));
        assertThat(split.split()).isTrue();
        assertThat(split.self().chainServers()).containsExactly(
                new ChainServerEndpoint(HostPort.of("127.0.0.1", 7111), Optional.of(HostPort.of("127.0.0.1", 9111)),
                        Optional.of(HostPort.of("127.0.0.2", 9042))),
                ChainServerEndpoint.at(HostPort.of("127.0.0.1", 7112)));
        ServerConfig whole = load(file("", "storage:\n  journal: data\n"));
        assertThat(whole.split()).isFalse();
        assertThat(split.fingerprint()).isEqualTo(whole.fingerprint());
        assertThat(load(split.toYaml()).self().chainServers()).isEqualTo(split.self().chainServers());
    }

    @Test
    void oneProcessPerChainServer() {
        assertThat(problems(file("""
                    chainServers:
                      - address: 127.0.0.1:7111
                """, "storage:\n  journal: data\n"))).containsExactly("test.yaml:6: regions[0].chainServers: lists 1 "
                + "chain-server process but protocol.chainServers is 2; list one per chain server, or none to run them "
                + "all in the coordinator's process");
    }

    @Test
    void chainServersBeyondTheCountJoinAtRunTimeOnAStoreThatPlacesKeys() {
        String three = TWO + "      - address: 127.0.0.1:7113\n";
        String cassandra = "storage:\n  backend: cassandra\n  cassandra:\n    contactPoints: [127.0.0.1:9042]\n"
                + "    localDatacenter: dc1\n";
        ServerConfig grown = load(file(three, cassandra));
        assertThat(grown.self().chainServers()).hasSize(3);
        assertThat(grown.fingerprint()).as("growing a region changes nothing the other regions check")
                .isEqualTo(load(file(TWO, cassandra)).fingerprint());
        assertThat(problems(file(three, "storage:\n  journal: data\n"))).containsExactly("test.yaml:6: "
                + "regions[0].chainServers: lists 3 chain-server processes but protocol.chainServers is 2; chain "
                + "servers beyond protocol.chainServers join at run time and take keys from the others, which needs a "
                + "store that places keys on nodes (cassandra or hbase), not the embedded store");
    }

    @Test
    void aChainServerProcessNeedsAnAddressOfItsOwn() {
        assertThat(problems(file("""
                    chainServers:
                      - metrics: 127.0.0.1:9111
                      - address: 127.0.0.1:7102
                """, "storage:\n  journal: data\n"))).containsExactly(
                "test.yaml:7: regions[0].chainServers[0].address: missing required key; give the host:port this chain "
                        + "server's process listens on",
                "test.yaml:10: regions[1].address: 127.0.0.1:7102 is also regions[0].chainServers[1].address; every "
                        + "endpoint needs a port of its own");
    }

    @Test
    void aSplitRegionOnTheEmbeddedStoreJournalsEachProcess() {
        assertThat(problems(file(TWO, ""))).containsExactly("test.yaml: storage.journal: missing: region a runs its "
                + "chain servers in processes of their own, and on the memory backend each keeps its keys in its own "
                + "journal (this path with -cs0, -cs1... added); set a journal directory, or use Cassandra or HBase");
        assertThat(load(file(TWO, "").replace("region: a", "region: b")).split()).isFalse();
    }

    @Test
    void unknownKeysOfAChainServerAreNamed() {
        assertThat(problems(file("""
                    chainServers:
                      - address: 127.0.0.1:7111
                        adress: 127.0.0.1:7112
                      - address: 127.0.0.1:7112
                """, "storage:\n  journal: data\n"))).hasSize(1).allMatch(p -> p.contains(
                "regions[0].chainServers[0].adress: unknown key"));
    }
}
