package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.catena.core.config.keys.ProtocolKeys;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Configurations built in code, as the in-process demo does, go through the file's validation. */
class ServerConfigBuilderTest {

    private static final List<String> REGIONS = List.of("us-central1", "europe-west1", "asia-east1");

    @Test
    void theInProcessDemoOnFreePorts() throws IOException {
        List<Integer> ports = freePorts(6);
        ServerConfig.Builder builder = ServerConfig.builder().cluster("demo").region(REGIONS.get(0));
        for (int i = 0; i < REGIONS.size(); i++) {
            builder.addRegion(REGIONS.get(i), HostPort.of("127.0.0.1", ports.get(i)),
                    HostPort.of("127.0.0.1", ports.get(3 + i)));
        }
        ServerConfig first = builder.protocol(ProtocolSettings.defaults().with(ProtocolKeys.EPOCH_LENGTH, 5_000))
                .wan(WanSettings.preset("gcp3")).build();
        List<ServerConfig> all = REGIONS.stream().map(first::withRegion).toList();

        assertThat(all).extracting(c -> c.regionId().index()).containsExactly(0, 1, 2);
        assertThat(all).extracting(ServerConfig::fingerprint).containsOnly(first.fingerprint());
        assertThat(all).extracting(c -> c.listenAddress().port()).containsExactlyElementsOf(ports.subList(0, 3));
        assertThat(first.toClusterConfig().epochLengthMicros()).isEqualTo(5_000);
        assertThat(first.latencyMatrix().orElseThrow().rttMicros(0, 2)).isEqualTo(155_000);
    }

    @Test
    void reportsTheSameProblemsAsAFileWithoutLines() {
        ServerConfig.Builder builder = ServerConfig.builder().cluster("demo")
                .addRegion("a", HostPort.of("127.0.0.1", 7101))
                .addRegion("a", HostPort.of("127.0.0.1", 7101))
                .protocol(ProtocolSettings.defaults().with(ProtocolKeys.FAULT_TOLERANCE, 1))
                .wan(WanSettings.preset("gcp-3"));
        ConfigException refused = catchThrowableOfType(ConfigException.class, builder::build);
        assertThat(refused.problems()).extracting(ConfigProblem::toString).containsExactly(
                "configuration built in code: regions[1].name: 'a' is listed twice (also regions[0].name)",
                "configuration built in code: regions[1].address: 127.0.0.1:7101 is also regions[0].address; every "
                        + "endpoint needs a port of its own",
                "configuration built in code: region: missing required key; name the region this process runs, here "
                        + "or on the command line",
                "configuration built in code: wan.preset: 'gcp-3' is not a preset; use one of gcp3, ec2-5, none (did you "
                        + "mean gcp3?)");
    }

    @Test
    void theCoresRulesApplyInCodeToo() {
        ServerConfig.Builder builder = ServerConfig.builder().cluster("demo").region("a").source("demo")
                .addRegion("a", HostPort.of("127.0.0.1", 7101))
                .protocol(ProtocolSettings.defaults().with(ProtocolKeys.FAULT_TOLERANCE, 1));
        assertThatThrownBy(builder::build).isInstanceOf(ConfigException.class).hasMessage("""
                1 problem in demo:
                demo: protocol.faultTolerance: must be between 0 and 0 for 1 regions, not 1, so that the regions \
                that go on remain a majority""");
    }

    @Test
    void aRegionFromAnotherClusterIsRefused() {
        ServerConfig config = ConfigTexts.load(ConfigTexts.valid(""));
        assertThat(catchThrowableOfType(ConfigException.class, () -> config.withRegion("mars")).messages())
                .containsExactly("region: 'mars' is not among regions (us-central1, europe-west1, asia-east1)");
    }

    @Test
    void aBuilderFromAConfigBuildsItAgain() {
        ServerConfig config = ConfigFile.load(CompleteFileTest.resource("config/complete.yaml"));
        assertThat(config.toBuilder().build()).isEqualTo(config);
    }

    @Test
    void theRecordRefusesARegionItDoesNotList() {
        ServerConfig config = ConfigTexts.load(ConfigTexts.valid(""));
        assertThatThrownBy(() -> new ServerConfig("demo", "mars", config.regions(), config.protocol(), config.storage(),
                config.wan(), config.tls(), config.network(), config.chainServer(), config.genesis(),
                config.zookeeper())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'mars' is not among the regions");
    }

    /** Ports free now; the demo binds them right away, as the test does not need to. */
    private static List<Integer> freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }
}
