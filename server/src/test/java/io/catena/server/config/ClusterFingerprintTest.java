package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.config.ClusterConfig;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.protocol.Protocol;
import io.catena.wire.TlsSettings;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fingerprint digests exactly the cluster-wide settings. */
class ClusterFingerprintTest {

    private static final ServerConfig BASE = ConfigTexts.load(ConfigTexts.valid(""));

    /** The fingerprint of cluster "demo" with the core's default settings and regions. */
    private static final String PINNED_DEFAULT = "b7c56d2b4863d77174b04e1b3b19547ec67adf0c0a7332e2c1ca610718ea1ed9";

    @Test
    void isStableAcrossRunsAndMachines() {
        // Pinned: a change here means old and new processes refuse each other, so it must be deliberate.
        assertThat(BASE.fingerprint().hex())
                .isEqualTo(ClusterFingerprint.of("demo", ClusterConfig.builder().build(), Protocol.CATENA).hex())
                .isEqualTo(PINNED_DEFAULT);
        assertThat(BASE.fingerprint().shortForm()).isEqualTo(PINNED_DEFAULT.substring(0, 12));
    }

    @Test
    void ignoresEverySettingAProcessMakesForItself(@TempDir Path directory)
            throws IOException {
        for (String file : new String[] {"a.pem", "a.key", "ca.pem", "b.pem"}) {
            Files.writeString(directory.resolve(file), file);
        }
        ServerConfig other = BASE.toBuilder()
                .region("asia-east1")
                .storage(StorageSettings.memory(directory.resolve("journal")))
                .tls(new TlsSettings(directory.resolve("b.pem"), directory.resolve("a.key"), directory.resolve("ca.pem")))
                .wan(WanSettings.preset("gcp3").withJitter(Fraction.ofPercent(5)))
                .network(NetworkSettings.defaults().withListenHost("0.0.0.0").withSendQueueFrames(10))
                .build();
        ServerConfig tlsElsewhere = other.toBuilder()
                .tls(new TlsSettings(directory.resolve("a.pem"), directory.resolve("a.key"), directory.resolve("ca.pem")))
                .build();
        assertThat(other.fingerprint()).isEqualTo(BASE.fingerprint()).isEqualTo(tlsElsewhere.fingerprint());
    }

    @Test
    void ignoresAddresses() {
        ServerConfig moved = ConfigTexts.load(ConfigTexts.valid("").replace("127.0.0.1:7102", "10.1.1.1:8000")
                .replace("address: 127.0.0.1:7101", "address: 127.0.0.1:7101\n    metrics: 127.0.0.1:9101"));
        assertThat(moved.fingerprint()).isEqualTo(BASE.fingerprint());
    }

    @Test
    void dependsOnResolvedValuesNotTheirSpelling() {
        ServerConfig spelledOtherwise = ConfigTexts.load(ConfigTexts.valid("""
                protocol:
                  epochLength: 10000us
                  delayTolerance: 0.4s
                  voteWindowEpochs: 80
                """));
        assertThat(spelledOtherwise.fingerprint()).isEqualTo(BASE.fingerprint());
    }

    @Test
    void changesWithEveryClusterWideSetting() {
        List<UnaryOperator<ServerConfig.Builder>> changes = List.of(
                b -> b.cluster("other"),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.CHAIN_SERVERS, 5)),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.EPOCH_LENGTH, 20_000)),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.DELAY_TOLERANCE, 500_000)),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.FAULT_TOLERANCE, 1)),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.VOTE_WINDOW_EPOCHS, 30)),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.RETRANSMIT_AFTER, 300_000)),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.REDUNDANT_EPOCHS, 2)),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.ORDERING_GRACE, 100)),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.MAX_TRANSACTION_BYTES, 512 << 10)),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.MAX_RECORD_BYTES, 3 << 20)),
                b -> b.protocol(BASE.protocol().with(ProtocolKeys.MAX_EPOCH_MESSAGE_BYTES, 7 << 20)),
                b -> b.protocol(BASE.protocol().withAlgorithm(Protocol.parse("2pl"))),
                b -> b.protocol(BASE.protocol().withAlgorithm(Protocol.parse("occ"))),
                b -> b.epochOffsetMicros("europe-west1", 50_000));
        for (UnaryOperator<ServerConfig.Builder> change : changes) {
            assertThat(change.apply(BASE.toBuilder()).build().fingerprint()).isNotEqualTo(BASE.fingerprint());
        }
    }

    @Test
    void changesWithTheRegionNamesAndTheirOrder() {
        ServerConfig reordered = ConfigTexts.load(ConfigTexts.valid("").replace("europe-west1", "X")
                .replace("asia-east1", "europe-west1").replace("X", "asia-east1"));
        ServerConfig renamed = ConfigTexts.load(ConfigTexts.valid("").replace("asia-east1", "asia-east2"));
        ServerConfig fewer = ConfigTexts.load(ConfigTexts.valid("")
                .replace("  - name: asia-east1\n    address: 127.0.0.1:7103\n", ""));
        assertThat(List.of(reordered.fingerprint(), renamed.fingerprint(), fewer.fingerprint()))
                .doesNotContain(BASE.fingerprint()).doesNotHaveDuplicates();
    }

    /** With epoch offsets, since a text without offsets leaves their line out (EpochOffsetConfigTest). */
    @Test
    void theCanonicalTextNamesEveryComponentOfTheCoreConfig() {
        ServerConfig offset = BASE.toBuilder().epochOffsetMicros("asia-east1", 75_000).build();
        String text = ClusterFingerprint.canonicalText("demo", offset.toClusterConfig(), Protocol.CATENA);
        for (RecordComponent component : ClusterConfig.class.getRecordComponents()) {
            assertThat(text).contains("\n" + component.getName() + "=");
        }
        assertThat(text).contains("\nalgorithm=catena\n");
    }

    @Test
    void digestsEveryProtocolKey() {
        assertThat(ClusterFingerprint.DIGESTED).containsExactlyInAnyOrderElementsOf(ProtocolKeys.NUMERIC);
    }

    @Test
    void isSixtyFourHexDigits() {
        assertThat(BASE.fingerprint().hex()).matches("[0-9a-f]{64}");
        assertThatThrownBy(() -> new ClusterFingerprint("abc")).isInstanceOf(IllegalArgumentException.class);
    }
}
