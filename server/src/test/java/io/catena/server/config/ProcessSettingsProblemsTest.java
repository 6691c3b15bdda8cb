package io.catena.server.config;

import static io.catena.server.config.ConfigTexts.problems;
import static io.catena.server.config.ConfigTexts.valid;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.wire.TlsSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Problems with per-process settings: TLS files, storage, network limits. */
class ProcessSettingsProblemsTest {

    @TempDir
    Path directory;

    @Test
    void tlsFilesMustExist() throws IOException {
        Files.writeString(directory.resolve("node.pem"), "certificate");
        Files.createDirectory(directory.resolve("ca"));
        assertThat(problems(valid("""
                tls:
                  certificate: node.pem
                  privateKey: missing.key
                  trustedCa: ca
                """), directory, null)).containsExactly(
                        "test.yaml:12: tls.privateKey: " + directory.resolve("missing.key") + " does not exist",
                        "test.yaml:13: tls.trustedCa: " + directory.resolve("ca") + " is a directory, not a file");
    }

    @Test
    void tlsNeedsAllThreeFiles() throws IOException {
        Files.writeString(directory.resolve("node.pem"), "certificate");
        assertThat(problems(valid("tls:\n  certificate: node.pem\n"), directory, null)).containsExactly(
                "test.yaml:10: tls.privateKey: missing required key",
                "test.yaml:10: tls.trustedCa: missing required key");
    }

    @Test
    void tlsPathsAreRelativeToTheFile() throws IOException {
        for (String file : new String[] {"node.pem", "node.key", "ca.pem"}) {
            Files.writeString(directory.resolve(file), file);
        }
        ServerConfig config = ConfigTexts.load(valid("""
                tls:
                  certificate: node.pem
                  privateKey: node.key
                  trustedCa: ./ca.pem
                """), directory);
        assertThat(config.tls().orElseThrow()).isEqualTo(new TlsSettings(directory.resolve("node.pem"),
                directory.resolve("node.key"), directory.resolve("ca.pem")));
    }

    @Test
    void cassandraAndHbaseNeedToKnowWhereTheirClusterIs() {
        assertThat(problems(valid("storage:\n  backend: cassandra\n"))).containsExactly(
                "test.yaml:10: storage.cassandra: missing: storage.backend is cassandra, so say where its cluster is "
                        + "(contactPoints)");
        assertThat(problems(valid("storage:\n  backend: hbase\n  hbase:\n    namespace: x\n"))).containsExactly(
                "test.yaml:12: storage.hbase.zookeeper: missing required key; give a list of addresses such as "
                        + "[127.0.0.1:2181]");
        assertThat(problems(valid("storage:\n  backend: redis\n"))).containsExactly(
                "test.yaml:11: storage.backend: 'redis' is not a storage backend; use one of memory, cassandra, hbase");
    }

    @Test
    void aCassandraRegionReadsItsSectionWithDefaults() {
        ServerConfig config = ConfigTexts.load(valid("""
                storage:
                  backend: cassandra
                  cassandra:
                    contactPoints: [127.0.0.1:9042, "[::1]:9043"]
                """));
        CassandraStoreSettings c = config.storage().cassandra().orElseThrow();
        assertThat(c.contactPoints()).containsExactly(HostPort.of("127.0.0.1", 9042), HostPort.of("::1", 9043));
        assertThat(c.localDatacenter()).isEqualTo("datacenter1");
        assertThat(c.keyspaceFor("demo", "us-central1")).isEqualTo("catena_demo_us_central1");
        assertThat(c.consistency()).isEqualTo("LOCAL_QUORUM");
        assertThat(c.requestTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.storage().hbase()).isEmpty();
        assertThat(ConfigTexts.load(config.toYaml()).storage()).isEqualTo(config.storage());
    }

    @Test
    void aCassandraLoginKeepsItsPasswordInAFileBesideTheConfiguration() throws IOException {
        Files.writeString(directory.resolve("cassandra-password"), "s3cret\n");
        ServerConfig config = ConfigTexts.load(valid("""
                storage:
                  backend: cassandra
                  cassandra:
                    contactPoints: [127.0.0.1:9042]
                    username: catena
                    passwordFile: cassandra-password
                """), directory);
        assertThat(config.storage().cassandra().orElseThrow().login())
                .contains(new StoreLogin("catena", directory.resolve("cassandra-password")));
        assertThat(config.toYaml()).contains("catena").doesNotContain("s3cret");
        assertThat(ConfigTexts.load(config.toYaml(), directory).storage()).isEqualTo(config.storage());
    }

    @Test
    void aCassandraLoginNeedsItsUserAndAReadablePasswordFile() throws IOException {
        String contactPoints = "storage:\n  backend: cassandra\n  cassandra:\n    contactPoints: [127.0.0.1:9042]\n";
        assertThat(problems(valid(contactPoints + "    username: catena\n"), directory, null)).containsExactly(
                "test.yaml:12: storage.cassandra.passwordFile: missing: with a username, give the file holding its"
                        + " password");
        Files.writeString(directory.resolve("password"), "s3cret");
        assertThat(problems(valid(contactPoints + "    passwordFile: password\n"), directory, null)).containsExactly(
                "test.yaml:12: storage.cassandra.username: missing: with a passwordFile, give the user name it"
                        + " belongs to");
        assertThat(problems(valid(contactPoints + "    username: catena\n    passwordFile: nowhere\n"), directory,
                null)).containsExactly("test.yaml:15: storage.cassandra.passwordFile: " + directory.resolve("nowhere")
                        + " does not exist");
        assertThat(problems(valid(contactPoints + "    username: ' '\n    passwordFile: password\n"), directory,
                null)).containsExactly("test.yaml:14: storage.cassandra.username: must not be blank");
    }

    @Test
    void anHbaseRegionReadsItsSection() {
        ServerConfig config = ConfigTexts.load(valid("""
                storage:
                  backend: hbase
                  hbase:
                    zookeeper: [127.0.0.1:2181, 127.0.0.2:2181]
                    namespace: prod_us
                    operationTimeout: 5s
                """));
        HBaseStoreSettings h = config.storage().hbase().orElseThrow();
        assertThat(h.quorum()).isEqualTo("127.0.0.1:2181,127.0.0.2:2181");
        assertThat(h.namespaceFor("demo", "us-central1")).isEqualTo("prod_us");
        assertThat(h.operationTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(ConfigTexts.load(config.toYaml()).storage()).isEqualTo(config.storage());
    }

    @Test
    void storeSectionsAreCheckedKeyByKey() {
        assertThat(problems(valid("""
                storage:
                  backend: cassandra
                  journal: data
                  cassandra:
                    contactPoints: [nowhere]
                    keyspace: my-keyspace
                    consistency: SERIAL
                    requestTimeout: 0ms
                    replicationFactor: 0
                  hbase:
                    zookeeper: []
                """))).containsExactly(
                        "test.yaml:12: storage.journal: only the memory backend keeps a journal; cassandra keeps the "
                                + "region's data in its own cluster, so remove this key",
                        "test.yaml:14: storage.cassandra.contactPoints[0]: 'nowhere' has no port; use host:port, e.g. "
                                + "127.0.0.1:7100",
                        "test.yaml:15: storage.cassandra.keyspace: 'my-keyspace' is not a valid keyspace name: use 1 "
                                + "to 48 lower-case letters, digits and underscores, starting with a letter",
                        "test.yaml:16: storage.cassandra.consistency: 'SERIAL' is not a consistency level; use one of "
                                + "ALL, EACH_QUORUM, LOCAL_ONE, LOCAL_QUORUM, ONE, QUORUM, THREE, TWO",
                        "test.yaml:17: storage.cassandra.requestTimeout: must be longer than 0, not 0ms",
                        "test.yaml:18: storage.cassandra.replicationFactor: must be at least 1, not 0",
                        "test.yaml:19: storage.hbase: is only read with storage.backend: hbase (the backend is "
                                + "cassandra); remove it or change the backend",
                        "test.yaml:20: storage.hbase.zookeeper: needs at least one address, such as 127.0.0.1:2181");
    }

    @Test
    void theJournalMustBeADirectory() throws IOException {
        Files.writeString(directory.resolve("journal"), "not a directory");
        assertThat(problems(valid("storage:\n  journal: journal\n"), directory, null)).containsExactly(
                "test.yaml:11: storage.journal: " + directory.resolve("journal") + " exists and is not a directory");
    }

    @Test
    void theJournalIsRelativeToTheFileAndNeedNotExistYet() {
        ServerConfig config = ConfigTexts.load(valid("storage:\n  journal: data/../data/us\n"), directory);
        assertThat(config.storage().journal()).contains(directory.resolve("data/us"));
    }

    @Test
    void networkLimits() {
        assertThat(problems(valid("""
                network:
                  listenHost: every interface
                  maxFrameBytes: 1KiB
                  sendQueueFrames: 0
                """))).containsExactly(
                        "test.yaml:11: network.listenHost: 'every interface' is not a host name or IP address",
                        "test.yaml:12: network.maxFrameBytes: must be between 64KiB and 1GiB, not 1KiB",
                        "test.yaml:13: network.sendQueueFrames: must be at least 1, not 0");
        assertThat(problems(valid("network:\n  maxFrameBytes: 2GiB\n"))).containsExactly(
                "test.yaml:11: network.maxFrameBytes: must be between 64KiB and 1GiB, not 2GiB");
    }

    @Test
    void aFrameMustHoldTheLargestEpochMessage() {
        assertThat(problems(valid("network:\n  maxFrameBytes: 4MiB\n"))).containsExactly(
                "test.yaml:11: network.maxFrameBytes: must hold the largest epoch message, "
                        + "protocol.maxEpochMessageBytes (8MiB), not 4MiB; raise it, or lower the protocol's size "
                        + "limits in every region");
        ServerConfig smallest = ConfigTexts.load(valid("""
                protocol:
                  maxTransactionBytes: 16KiB
                  maxRecordBytes: 48KiB
                  maxEpochMessageBytes: 64KiB
                network:
                  maxFrameBytes: 64KiB
                """));
        assertThat(smallest.toClusterConfig().maxEpochMessageBytes()).isEqualTo(64 << 10);
    }

    @Test
    void listenHostCannotMergeTheRegionAndMetricsPorts() {
        assertThat(problems(valid("network:\n  listenHost: 0.0.0.0\n")
                .replace("address: 127.0.0.1:7101", "address: 10.0.0.1:7101\n    metrics: 127.0.0.1:7101")))
                .containsExactly("test.yaml:12: network.listenHost: puts the region port and the metrics port, both "
                        + "7101, on 0.0.0.0; give them different ports");
    }

    @Test
    void listenHostMovesBothPortsToTheInterface() {
        ServerConfig config = ConfigTexts.load(valid("network:\n  listenHost: 0.0.0.0\n")
                .replace("address: 127.0.0.1:7101", "address: 127.0.0.1:7101\n    metrics: 127.0.0.1:9101"));
        assertThat(config.listenAddress()).isEqualTo(HostPort.of("0.0.0.0", 7101));
        assertThat(config.metricsListenAddress()).contains(HostPort.of("0.0.0.0", 9101));
        assertThat(config.self().address()).isEqualTo(HostPort.of("127.0.0.1", 7101));
    }
}
