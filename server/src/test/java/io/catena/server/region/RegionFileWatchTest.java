package io.catena.server.region;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.server.config.ChainServerEndpoint;
import io.catena.server.config.ConfigFile;
import io.catena.server.config.HostPort;
import io.catena.server.config.ServerConfig;
import io.catena.server.region.RegionFileWatch.Change;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a region process makes of its file read again while it runs. */
class RegionFileWatchTest {

    private static final String ONE = """
                chainServers:
                  - address: 127.0.0.1:7111
                    beside: 127.0.0.1:9042
            """;
    private static final String TWO = ONE + """
                  - address: 127.0.0.1:7112
                    beside: 127.0.0.2:9042
            """;

    private static ServerConfig file(String chainServers, String peerChainServers, String tail) {
        String yaml = """
                cluster: demo
                region: a
                genesis: 2026-11-27T12:00:00Z
                regions:
                  - name: a
                    address: 127.0.0.1:7101
                """ + chainServers + """
                  - name: b
                    address: 127.0.0.1:7102
                """ + peerChainServers + """
                protocol:
                  chainServers: 1
                storage:
                  backend: cassandra
                  cassandra:
                    contactPoints: [127.0.0.1:9042, 127.0.0.2:9042]
                    localDatacenter: dc1
                """ + tail;
        return ConfigFile.parse(yaml, "test.yaml", Path.of("."), null);
    }

    @Test
    void chainServersAppendedToTheRegionsListGrowIt() {
        Change change = RegionFileWatch.compare(file(ONE, "", ""), file(TWO, "", ""));
        assertThat(change).isEqualTo(new Change.Grown(List.of(new ChainServerEndpoint(
                HostPort.of("127.0.0.1", 7112), Optional.empty(),
                Optional.of(HostPort.of("127.0.0.2", 9042))))));
    }

    @Test
    void anUnchangedFileOrAnotherRegionsListIsNothingToDo() {
        assertThat(RegionFileWatch.compare(file(ONE, "", ""), file(ONE, "", ""))).isEqualTo(new Change.None());
        String peerTwo = TWO.replace("711", "721");
        assertThat(RegionFileWatch.compare(file(ONE, "", ""), file(ONE, peerTwo, "")))
                .as("region b's processes are b's own business").isEqualTo(new Change.None());
    }

    @Test
    void anyOtherChangeWaitsForARestartAndSaysWhatChanged() {
        assertThat(RegionFileWatch.compare(file(TWO, "", ""), file(ONE, "", "")))
                .isEqualTo(new Change.NeedsRestart("region a's chainServers other than by processes appended at the end"));
        assertThat(RegionFileWatch.compare(file(ONE, "", ""), file(TWO.replace("7111", "7119"), "", "")))
                .as("an existing entry edited").isInstanceOf(Change.NeedsRestart.class);
        assertThat(RegionFileWatch.compare(file(ONE, "", ""), file(TWO, "", "network:\n  sendQueueFrames: 500\n")))
                .as("a setting changed along with a growth: nothing half applied")
                .isEqualTo(new Change.NeedsRestart("its network"));
    }
}
