package io.catena.server.config;

import static io.catena.server.config.ConfigTexts.load;
import static io.catena.server.config.ConfigTexts.problems;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code regions[].standbys} and {@code zookeeper}: a region's coordinator with standbys. */
class StandbyConfigTest {

    private static final String CASSANDRA = """
            storage:
              backend: cassandra
              cassandra:
                contactPoints: [127.0.0.1:9042]
                localDatacenter: dc1
            """;

    private static String file(String standbys, String tail) {
        return """
                cluster: demo
                region: a
                regions:
                  - name: a
                    address: 127.0.0.1:7101
                """ + standbys + """
                  - name: b
                    address: 127.0.0.1:7102
                """ + tail;
    }

    private static final String ONE_STANDBY = """
                standbys:
                  - address: 127.0.0.1:7111
                    metrics: 127.0.0.1:9111
            """;

    private static final String ZOOKEEPER = """
            zookeeper:
              servers: [127.0.0.1:2181, 127.0.0.2:2181]
              sessionTimeout: 6s
            """;

    @Test
    void standbysAndTheEnsembleAreReadWrittenBackAndLeaveTheFingerprintAlone() {
        ServerConfig config = load(file(ONE_STANDBY, CASSANDRA + ZOOKEEPER));
        assertThat(config.self().standbys()).containsExactly(new StandbyEndpoint(HostPort.of("127.0.0.1", 7111),
                Optional.of(HostPort.of("127.0.0.1", 9111))));
        assertThat(config.self().coordinators()).containsExactly(HostPort.of("127.0.0.1", 7101),
                HostPort.of("127.0.0.1", 7111));
        assertThat(config.listenAddress(1)).isEqualTo(HostPort.of("127.0.0.1", 7111));
        assertThat(config.metricsListenAddress(1)).contains(HostPort.of("127.0.0.1", 9111));
        assertThat(config.zookeeper()).contains(new ZooKeeperSettings(List.of(HostPort.of("127.0.0.1", 2181),
                HostPort.of("127.0.0.2", 2181)), Duration.ofSeconds(6)));
        assertThat(config.zookeeper().orElseThrow().connectString()).isEqualTo("127.0.0.1:2181,127.0.0.2:2181");
        assertThat(load(config.toYaml())).isEqualTo(config);
        assertThat(config.fingerprint()).isEqualTo(load(file("", CASSANDRA)).fingerprint());
    }

    @Test
    void standbysNeedTheRegionsZooKeeperAndAStoreTheyShare() {
        assertThat(problems(file(ONE_STANDBY, CASSANDRA))).containsExactly("test.yaml: zookeeper: missing: region a "
                + "lists standbys, whose coordinators elect their leader in the region's ZooKeeper; add "
                + "zookeeper.servers, such as [127.0.0.1:2181]");
        assertThat(problems(file(ONE_STANDBY, ZOOKEEPER))).containsExactly("test.yaml:6: regions[0].standbys: need a "
                + "store every coordinator process reaches (cassandra or hbase): a standby takes over from the log its "
                + "leader wrote, and the embedded store lives inside one process");
    }

    @Test
    void anotherRegionsStandbysNeedNothingHere() {
        String standbyOfB = """
                cluster: demo
                region: a
                regions:
                  - name: a
                    address: 127.0.0.1:7101
                  - name: b
                    address: 127.0.0.1:7102
                    standbys:
                      - address: 127.0.0.1:7112
                """;
        assertThat(load(standbyOfB).regions().get(1).coordinators()).hasSize(2);
    }

    @Test
    void badEntriesAreNamedByTheirPlace() {
        assertThat(problems(file("""
                    standbys:
                      - metrics: 127.0.0.1:9111
                      - address: 127.0.0.1:7102
                """, CASSANDRA + ZOOKEEPER))).contains("test.yaml:7: regions[0].standbys[0].address: missing required "
                + "key; give the host:port this standby coordinator's process listens on");
        assertThat(problems(file("", CASSANDRA + """
                zookeeper:
                  servers: [127.0.0.1:2181]
                  sessionTimeout: 500ms
                """))).containsExactly("test.yaml:15: zookeeper.sessionTimeout: must be between 1s and 2min, not 500ms");
    }
}
