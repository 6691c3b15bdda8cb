package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingUnit;
import io.catena.wire.WireProtocol;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a minimal file runs with: the defaults documented on the records and in deploy/local/README.md. */
class DefaultsTest {

    private final ServerConfig minimal = ConfigTexts.load(ConfigTexts.valid(""));

    @Test
    void protocolDefaultsAreTheCoresAndAsDocumented() {
        ProtocolSettings p = minimal.protocol();
        assertThat(p.get(ProtocolKeys.CHAIN_SERVERS)).isEqualTo(4);
        assertThat(ProtocolKeys.EPOCH_LENGTH.unit().format(p.get(ProtocolKeys.EPOCH_LENGTH))).isEqualTo("10ms");
        assertThat(TimeSpan.ofMicros(p.get(ProtocolKeys.DELAY_TOLERANCE))).hasToString("400ms");
        assertThat(p.get(ProtocolKeys.FAULT_TOLERANCE)).isZero();
        assertThat(p.get(ProtocolKeys.VOTE_WINDOW_EPOCHS)).isEqualTo(SettingUnit.AUTO);
        assertThat(TimeSpan.ofMicros(p.get(ProtocolKeys.RETRANSMIT_AFTER))).hasToString("400ms");
        assertThat(p.get(ProtocolKeys.REDUNDANT_EPOCHS)).isEqualTo(1);
        assertThat(TimeSpan.ofMicros(p.get(ProtocolKeys.ORDERING_GRACE))).hasToString("300us");
        assertThat(minimal.toClusterConfig()).isEqualTo(ClusterConfig.builder()
                .regions(minimal.regionNames()).build());
    }

    @Test
    void perProcessDefaults() {
        assertThat(minimal.storage()).isEqualTo(new StorageSettings(StorageBackend.MEMORY, Optional.empty()));
        assertThat(minimal.wan()).isEqualTo(WanSettings.none());
        assertThat(minimal.wan().emulated()).isFalse();
        assertThat(minimal.tls()).isEmpty();
        assertThat(minimal.network().listenHost()).isEmpty();
        assertThat(minimal.network().maxFrameBytes()).hasToString("16MiB");
        assertThat(minimal.network().maxFrameBytes().bytes()).isEqualTo(WireProtocol.DEFAULT_MAX_FRAME_BYTES);
        assertThat(minimal.network().sendQueueFrames()).isEqualTo(10_000);
        assertThat(minimal.regions()).allSatisfy(r -> assertThat(r.metrics()).isEmpty());
        assertThat(minimal.metricsListenAddress()).isEmpty();
    }

    @Test
    void theSelectedRegion() {
        assertThat(minimal.region()).isEqualTo("us-central1");
        assertThat(minimal.regionId().index()).isZero();
        assertThat(minimal.self().address()).isEqualTo(HostPort.of("127.0.0.1", 7101));
        assertThat(minimal.listenAddress()).isEqualTo(HostPort.of("127.0.0.1", 7101));
        assertThat(minimal.peers()).extracting(RegionEndpoint::name).containsExactly("europe-west1", "asia-east1");
    }

    @Test
    void theCommandLineOverridesTheFilesRegion() {
        ServerConfig config = ConfigFile.parse(ConfigTexts.valid(""), "test.yaml", Path.of("/"),
                "asia-east1");
        assertThat(config.region()).isEqualTo("asia-east1");
        assertThat(config.regionId().index()).isEqualTo(2);
    }

    @Test
    void aFileMayLeaveTheRegionToTheCommandLine() {
        String withoutRegion = ConfigTexts.valid("").replace("region: us-central1\n", "");
        ServerConfig config = ConfigFile.parse(withoutRegion, "test.yaml", Path.of("/"), "europe-west1");
        assertThat(config.region()).isEqualTo("europe-west1");
    }
}
