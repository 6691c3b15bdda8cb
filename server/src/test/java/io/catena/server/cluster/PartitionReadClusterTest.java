package io.catena.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.client.InvalidTransactionException;
import io.catena.client.ResultRow;
import io.catena.client.SnapshotResult;
import io.catena.client.TxnOutcome;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.txn.ReadOnlyTxn;
import io.catena.server.config.NetworkSettings;
import io.catena.server.net.ChannelSetup;
import io.catena.server.net.WanEmulation;
import io.catena.core.wan.LatencyMatrix;
import io.catena.wire.WireCodecs;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Whole partitions read back through the client library from three regions in one JVM: rows
 * written by read-write transactions in one region are read as partitions, next to rows read by
 * key, at one snapshot, in this region and in another. Every connection frames at the smallest
 * limit a region may have (64 KiB), so an answer too large for a frame is refused in one sentence
 * before it could fail to be sent, and one just under it goes through.
 */
class PartitionReadClusterTest {

    private static final int FRAME_BYTES = 64 << 10;
    private static final LatencyMatrix WAN = LatencyMatrix.uniform(3, 10_000);
    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);
    private static final ChainKey ORDERS = ChainKey.of("orders", "w1-d7");
    private static final RowKey DISTRICT = RowKey.of("districts", "w1-d7");
    private static InProcessCluster cluster;

    @BeforeAll
    static void start() throws InterruptedException {
        ClusterConfig protocol = ClusterConfig.builder().regions(WAN.regions()).maxTransactionBytes(16 << 10)
                .maxRecordBytes(40 << 10).maxEpochMessageBytes(48 << 10).build();
        InProcessCluster.Spec spec = new InProcessCluster.Spec("partition-reads", protocol, ProcedureRegistry.empty(),
                ChannelSetup.plain(WireCodecs.byName(WireCodecs.DEFAULT), FRAME_BYTES),
                WanEmulation.of(WAN, protocol.regions(), 0, 0));
        cluster = InProcessCluster.start(spec, Map.of());
        assertThat(cluster.awaitConnected(Duration.ofSeconds(10))).as("regions connected").isTrue();
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void theFloorOfAReplyIsTheSmallestFrameARegionMayBeGiven() {
        assertThat((long) ReadOnlyTxn.FRAME_FLOOR_BYTES).isEqualTo(NetworkSettings.MIN_FRAME.bytes()).isEqualTo(FRAME_BYTES);
    }

    @Test
    void rowsWrittenByTransactionsAreReadBackWholeAtOneSnapshotInEveryRegion() {
        try (Connection us = connect(US); Connection eu = connect(EU)) {
            us.transaction().put(new RowKey(ORDERS, "o1"), Map.of("lines", 1L))
                    .put(new RowKey(ORDERS, "o3"), Map.of("lines", 3L))
                    .put(DISTRICT, Map.of("nextOrder", 4L)).commit();
            us.transaction().put(new RowKey(ORDERS, "o2"), Map.of("lines", 2L))
                    .delete(new RowKey(ORDERS, "o3")).commit();
            TxnOutcome last = us.transaction().put(new RowKey(ORDERS, "o10"), Map.of("lines", 10L))
                    .add(DISTRICT, "nextOrder", 7).commit();

            SnapshotResult there = eu.snapshot().read(DISTRICT).readPartition(ORDERS)
                    .readPartition(ChainKey.of("orders", "w1-d9")).atLeast(last.version()).execute();
            SnapshotResult here = us.snapshot().readPartition(List.of(ORDERS)).read(DISTRICT).execute();

            for (SnapshotResult s : List.of(there, here)) {
                assertThat(s.version()).isGreaterThanOrEqualTo(last.version());
                assertThat(s.row(DISTRICT).orElseThrow().getLong("nextOrder")).isEqualTo(11);
                SortedMap<String, ResultRow> orders = s.partition(ORDERS);
                assertThat(orders.keySet()).as("clustering-key order, the deleted row gone")
                        .containsExactly("o1", "o10", "o2");
                assertThat(orders.values()).extracting(r -> r.getLong("lines")).containsExactly(1L, 10L, 2L);
            }
            assertThat(there.partition(ChainKey.of("orders", "w1-d9"))).as("a partition never written").isEmpty();
            assertThatThrownBy(() -> here.partition(ChainKey.of("orders", "w1-d9")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was not read by this request");
        }
    }

    @Test
    void anAnswerLargerThanAFrameIsRefusedInOneSentenceAndOneThatFitsGoesThrough() {
        ChainKey large = ChainKey.of("documents", "large");
        ChainKey fits = ChainKey.of("documents", "fits");
        try (Connection us = connect(US)) {
            for (int i = 0; i < 6; i++) {
                us.transaction().put(new RowKey(large, "d" + i), Row.of("body", "x".repeat(12_000))).commit();
            }
            for (int i = 0; i < 4; i++) {
                us.transaction().put(new RowKey(fits, "d" + i), Row.of("body", "y".repeat(12_000))).commit();
            }

            assertThatThrownBy(() -> us.snapshot().readPartition(large).execute())
                    .isInstanceOfSatisfying(InvalidTransactionException.class, e -> {
                        assertThat(e.isRetryable()).isFalse();
                        assertThat(e.getMessage()).contains("the snapshot read's answer would take up to ")
                                .contains("more than the " + FRAME_BYTES + " bytes of the largest frame every region accepts")
                                .contains("read fewer rows or partitions at a time");
                    });
            // Four rows of the one partition and one of the other: about 61 KB, within the frame.
            SnapshotResult ok = us.snapshot().readPartition(fits).read(new RowKey(large, "d0")).execute();
            assertThat(ok.partition(fits)).hasSize(4);
            assertThat(ok.row(new RowKey(large, "d0")).orElseThrow().getString("body")).hasSize(12_000);
        }
    }

    private static Connection connect(RegionId region) {
        return Catena.connect(cluster.url(region) + "&timeout=10s");
    }
}
