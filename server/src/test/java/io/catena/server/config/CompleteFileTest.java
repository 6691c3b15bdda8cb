package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.protocol.Protocol;
import io.catena.wire.TlsSettings;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A file that sets every key: each value is read as written, and the file survives a round trip. */
class CompleteFileTest {

    private final Path file = resource("config/complete.yaml");
    private final ServerConfig config = ConfigFile.load(file);

    @Test
    void readsTheIdentityAndRegions() {
        assertThat(config.cluster()).isEqualTo("bench");
        assertThat(config.region()).isEqualTo("b");
        assertThat(config.regions()).containsExactly(
                RegionEndpoint.of("a", HostPort.of("10.0.0.1", 7100), HostPort.of("10.0.0.1", 9100))
                        .withEpochOffsetMicros(20_000),
                RegionEndpoint.of("b", HostPort.of("10.0.0.2", 7100), HostPort.of("10.0.0.2", 9100))
                        .withEpochOffsetMicros(50_000),
                RegionEndpoint.of("c", HostPort.of("fd00::3", 7100)).withEpochOffsetMicros(75_000));
        assertThat(config.toClusterConfig().epochOffsetsMicros()).containsExactly(20_000L, 50_000L, 75_000L);
    }

    @Test
    void readsEveryProtocolKey() {
        assertThat(config.protocol()).isEqualTo(ProtocolSettings.defaults()
                .with(ProtocolKeys.CHAIN_SERVERS, 2).with(ProtocolKeys.EPOCH_LENGTH, 5_000)
                .with(ProtocolKeys.DELAY_TOLERANCE, 1_000_000).with(ProtocolKeys.FAULT_TOLERANCE, 1)
                .with(ProtocolKeys.VOTE_WINDOW_EPOCHS, 30).with(ProtocolKeys.RETRANSMIT_AFTER, 250_000)
                .with(ProtocolKeys.REDUNDANT_EPOCHS, 2).with(ProtocolKeys.ORDERING_GRACE, 500)
                .with(ProtocolKeys.MAX_TRANSACTION_BYTES, 512 << 10).with(ProtocolKeys.MAX_RECORD_BYTES, 1536 << 10)
                .with(ProtocolKeys.MAX_EPOCH_MESSAGE_BYTES, 3 << 20));
    }

    @Test
    void readsWhichProtocolTheClusterRuns() {
        ServerConfig occ = ConfigTexts.load(ConfigTexts.valid("""
                protocol:
                  algorithm: OCC
                """));
        assertThat(occ.protocol().algorithm()).isEqualTo(Protocol.parse("occ"));
        assertThat(ConfigTexts.load(occ.toYaml()).protocol().algorithm()).isEqualTo(Protocol.parse("occ"));
    }

    @Test
    void readsEveryPerProcessKey() {
        Path directory = file.getParent();
        assertThat(config.storage()).isEqualTo(StorageSettings.memory(directory.resolve("../data/b").normalize()));
        assertThat(config.wan().roundTrips()).hasSize(3);
        assertThat(config.wan().roundTrips().get(0)).containsExactly(TimeSpan.ofMillis(0), TimeSpan.ofMillis(50),
                TimeSpan.ofMillis(90));
        assertThat(config.wan().jitter()).isEqualTo(Fraction.parse("0.025"));
        assertThat(config.wan().loss()).isEqualTo(Fraction.parse("0.001"));
        assertThat(config.tls()).contains(new TlsSettings(directory.resolve("tls/node.pem"),
                directory.resolve("tls/node.key"), directory.resolve("tls/ca.pem")));
        assertThat(config.network()).isEqualTo(new NetworkSettings(Optional.of("0.0.0.0"), ByteSize.ofMebibytes(4), 500));
        assertThat(config.listenAddress()).isEqualTo(HostPort.of("0.0.0.0", 7100));
        assertThat(config.chainServer().budgetBytes()).isEqualTo(512L << 20);
    }

    @Test
    void theChainServersBudgetDefaultsToAShareOfTheHeapAndRefusesATinyOne() {
        assertThat(ConfigTexts.load(ConfigTexts.valid("")).chainServer().budgetBytes())
                .isEqualTo(Runtime.getRuntime().maxMemory() / 100 * ChainServerSettings.DEFAULT_HEAP_PERCENT);
        assertThatThrownBy(() -> ConfigTexts.load(ConfigTexts.valid("""
                chainServer:
                  memoryBudget: 64KiB
                """))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("chainServer.memoryBudget: must be at least 1MiB, not 64KiB");
        assertThatThrownBy(() -> ConfigTexts.load(ConfigTexts.valid("""
                chainServer:
                  memoryBudget: lots
                """))).isInstanceOf(ConfigException.class).hasMessageContaining("chainServer.memoryBudget");
    }

    @Test
    void theChainServersBudgetIsPerProcessAndLeavesTheFingerprintAlone() {
        ServerConfig other = config.toBuilder().chainServer(config.chainServer().withMemoryBudget(ByteSize.ofMebibytes(64)))
                .build();
        assertThat(other.chainServer()).isNotEqualTo(config.chainServer());
        assertThat(other.fingerprint()).isEqualTo(config.fingerprint());
    }

    @Test
    void survivesARoundTripThroughYaml() {
        String written = config.toYaml();
        assertThat(ConfigFile.parse(written, "written.yaml", Path.of("/elsewhere"), null)).isEqualTo(config);
    }

    @Test
    void theWrittenFileSpellsOutEveryKey() {
        String written = config.toYaml();
        for (String key : List.of("cluster:", "region:", "regions:", "chainServers:", "epochLength: 5ms",
                "voteWindowEpochs: 30", "journal:", "matrix:", "jitter: 2.5%", "trustedCa:", "listenHost:",
                "maxTransactionBytes: 512KiB", "maxRecordBytes: 1536KiB", "maxEpochMessageBytes: 3MiB",
                "maxFrameBytes: 4MiB", "sendQueueFrames: 500", "memoryBudget: 512MiB", "epochOffset: 75ms")) {
            assertThat(written).contains(key);
        }
    }

    static Path resource(String name) {
        try {
            return Path.of(CompleteFileTest.class.getClassLoader().getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
