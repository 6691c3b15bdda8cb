package io.catena.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.Protocol;
import io.catena.core.wan.LatencyMatrix;
import io.catena.server.net.WanEmulation;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Interactive transactions on the protocols other than Catena, the comparison baselines and
 * Helios: their commit is an ad-hoc transaction like any other, so the conditions on what was read
 * run in 2PL's, OCC's and Helios' execution too, and contended read-modify-writes lose no update
 * there either.
 */
class InteractiveTransactionProtocolsTest {

    @ParameterizedTest
    @ValueSource(strings = {"2pl", "occ", "helios", "mf"})
    void contendedIncrementsAndTransfersLoseNoUpdate(String protocol) throws Exception {
        LatencyMatrix wan = LatencyMatrix.uniform(3, 10_000);
        ClusterConfig config = ClusterConfig.builder().regions(wan.regions()).build();
        InProcessCluster.Spec spec = InProcessCluster.Spec.loopback("interactive-" + protocol, config,
                ProcedureRegistry.empty(), WanEmulation.of(wan, config.regions(), 0, 0))
                .withAlgorithm(Protocol.parse(protocol));
        try (InProcessCluster cluster = InProcessCluster.start(spec, Map.of())) {
            assertThat(cluster.awaitConnected(Duration.ofSeconds(10))).as("regions connected").isTrue();
            InteractiveTransactionClusterTest.contendedIncrements(cluster, 4, 10);
            InteractiveTransactionClusterTest.contendedTransfers(cluster, 4, 10);
        }
    }
}
