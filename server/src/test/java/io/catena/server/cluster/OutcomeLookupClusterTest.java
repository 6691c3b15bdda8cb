package io.catena.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.client.OutcomeUnknownException;
import io.catena.client.RequestOutcome;
import io.catena.client.SnapshotResult;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.RowKey;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.wan.LatencyMatrix;
import io.catena.server.net.WanEmulation;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A call whose answer was lost — its connection's time budget ran out long before the region could
 * answer — is looked up by its request id through the client library, over real TCP, from another
 * connection: the lookup says it committed, as the data shows. A request the region never received
 * is looked up too, and is then definitely not committed.
 */
class OutcomeLookupClusterTest {

    private static final LatencyMatrix WAN = LatencyMatrix.uniform(3, 20_000);
    private static final RegionId US = RegionId.of(0);
    private static InProcessCluster cluster;

    @BeforeAll
    static void start() throws InterruptedException {
        ClusterConfig protocol = ClusterConfig.builder().regions(WAN.regions()).build();
        cluster = InProcessCluster.start(InProcessCluster.Spec.loopback("outcome-lookup", protocol,
                ProcedureRegistry.empty(), WanEmulation.of(WAN, protocol.regions(), 0, 0)), Map.of());
        assertThat(cluster.awaitConnected(Duration.ofSeconds(10))).as("regions connected").isTrue();
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void aCallWhoseAnswerWasLostIsLookedUpAndFoundCommitted() {
        RowKey key = RowKey.of("accounts", "lost-answer");
        RequestId lost;
        try (Connection impatient = Catena.connect(cluster.url(US) + "&timeout=1ms")) {
            OutcomeUnknownException unknown = catchThrowableOfType(
                    () -> impatient.transaction().put(key, Map.of("balance", 42L)).commit(),
                    OutcomeUnknownException.class);
            assertThat(unknown).as("a 1 ms budget ends before a cross-region commit").isNotNull();
            lost = unknown.requestId();
        }
        try (Connection other = Catena.connect(cluster.url(US) + "&timeout=10s")) {
            RequestOutcome outcome = other.outcome(lost);

            assertThat(outcome).isInstanceOf(RequestOutcome.Committed.class);
            RequestOutcome.Committed committed = (RequestOutcome.Committed) outcome;
            assertThat(committed.requestId()).isEqualTo(lost);
            SnapshotResult read = other.snapshot().read(key).execute();
            assertThat(read.version()).isGreaterThanOrEqualTo(committed.outcome().version());
            assertThat(read.row(key).orElseThrow().getLong("balance")).isEqualTo(42);
            assertThat(other.outcome(lost)).as("asked again, the same")
                    .isInstanceOfSatisfying(RequestOutcome.Committed.class,
                            again -> assertThat(again.outcome().version()).isEqualTo(committed.outcome().version()));
        }
    }

    @Test
    void aRequestTheRegionNeverReceivedIsDefinitelyNotCommitted() {
        try (Connection connection = Catena.connect(cluster.url(US) + "&timeout=10s")) {
            RequestId neverSent = new RequestId(connection.clientId(), 1_000_000);

            RequestOutcome outcome = connection.outcome(neverSent);

            assertThat(outcome).isInstanceOfSatisfying(RequestOutcome.NotCommitted.class,
                    n -> assertThat(n.reason()).contains("never runs"));
        }
    }
}
