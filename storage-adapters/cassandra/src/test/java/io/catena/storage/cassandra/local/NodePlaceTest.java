package io.catena.storage.cassandra.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fixed tokens and addresses of a local cluster's nodes. */
class NodePlaceTest {

    @Test
    void theNodesTokensInterleaveAndCutTheRingIntoEqualSlices() {
        for (int count = 1; count <= NodePlace.MAX_NODES; count++) {
            List<Long> all = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                List<Long> tokens = new NodePlace(i, count, "dc").tokens();
                assertThat(tokens).hasSize(NodePlace.TOKENS_PER_NODE).isSorted();
                all.addAll(tokens);
            }
            List<Long> ring = all.stream().sorted().toList();
            assertThat(ring).as("%d nodes", count).doesNotHaveDuplicates();
            BigInteger slice = BigInteger.TWO.pow(64).divide(BigInteger.valueOf(ring.size()));
            for (int k = 0; k + 1 < ring.size(); k++) {
                BigInteger gap = BigInteger.valueOf(ring.get(k + 1)).subtract(BigInteger.valueOf(ring.get(k)));
                assertThat(gap.subtract(slice).abs()).as("%d nodes, gap %d", count, k).isLessThanOrEqualTo(BigInteger.ONE);
                assertThat(ring.get(k + 1)).as("token %d of %d nodes belongs to node %d", k + 1, count, (k + 1) % count)
                        .isEqualTo(new NodePlace((k + 1) % count, count, "dc").tokens().get((k + 1) / count));
            }
        }
    }

    @Test
    void nodeIListensOnItsOwnLoopbackAddressAndJoinsThroughTheFirst() {
        NodePlace third = new NodePlace(2, 3, "us-central1");
        assertThat(third.address()).isEqualTo("127.0.0.3");
        assertThat(third.seedAddress()).isEqualTo("127.0.0.1");
        assertThat(third.isSeed()).isFalse();
        assertThat(NodePlace.alone().isSeed()).isTrue();
        assertThat(NodePlace.alone().address()).isEqualTo("127.0.0.1");
    }

    @Test
    void aNodeOutsideTheClusterOrADataCentreNameCassandraWouldMisreadIsRefused() {
        assertThatThrownBy(() -> new NodePlace(3, 3, "dc")).hasMessageContaining("got node 3 of 3");
        assertThatThrownBy(() -> new NodePlace(0, NodePlace.MAX_NODES + 1, "dc")).hasMessageContaining("1 to 9 nodes");
        assertThatThrownBy(() -> new NodePlace(0, 1, "my dc")).hasMessageContaining("letters, digits");
    }
}
