package io.catena.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.membership.KeyPositions;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.LocalityCounts;
import io.catena.core.spi.StorageLocality;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LocalityPlacementTest {

    /** A store that only answers what {@link LocalityPlacement} asks: its nodes and each key's node. */
    private abstract static class NodesOnly implements StorageLocality {
        @Override
        public KeyPositions positions() {
            throw new UnsupportedOperationException("LocalityPlacement never asks for positions");
        }

        @Override
        public StoreLayout layout() {
            throw new UnsupportedOperationException("LocalityPlacement never asks for the layout");
        }

        @Override
        public LocalityCounts localityCounts() {
            return LocalityCounts.NONE;
        }
    }

    /** A store of {@code nodes} nodes that keeps key "k<i>" on node i mod nodes. */
    private static StorageLocality ring(int nodes) {
        List<String> names = java.util.stream.IntStream.range(0, nodes).mapToObj(i -> "node" + i).toList();
        return new NodesOnly() {
            @Override
            public List<String> storageNodes() {
                return names;
            }

            @Override
            public int storageNodeOf(ChainKey key) {
                return Integer.parseInt(key.partition().substring(1)) % nodes;
            }
        };
    }

    @Test
    void everyKeyGoesToAChainServerBesideItsStorageNodeAndAllServersGetKeys() {
        for (int nodes = 1; nodes <= 4; nodes++) {
            for (int servers = nodes; servers <= 9; servers++) {
                LocalityPlacement p = new LocalityPlacement(ring(nodes), servers);
                Set<Integer> used = new HashSet<>();
                for (int i = 0; i < 2_000; i++) {
                    ChainKey key = ChainKey.of("t", "k" + i);
                    int server = p.serverFor(key);
                    assertThat(server).isBetween(0, servers - 1);
                    assertThat(p.nodeOf(server)).as("%d nodes, %d servers, %s", nodes, servers, key).isEqualTo(i % nodes);
                    used.add(server);
                }
                assertThat(used).as("%d nodes, %d servers", nodes, servers).hasSize(servers);
            }
        }
    }

    @Test
    void withFewerServersThanNodesEachServerTakesWholeNodes() {
        LocalityPlacement p = new LocalityPlacement(ring(5), 2);
        Map<Integer, Set<Integer>> nodesByServer = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            nodesByServer.computeIfAbsent(p.serverFor(ChainKey.of("t", "k" + i)), s -> new HashSet<>()).add(i % 5);
        }
        assertThat(nodesByServer).containsOnlyKeys(0, 1);
        assertThat(nodesByServer.get(0)).containsExactlyInAnyOrder(0, 2, 4);
        assertThat(nodesByServer.get(1)).containsExactlyInAnyOrder(1, 3);
    }

    @Test
    void aStoreThatNamesANodeOutOfRangeIsReportedNotSilentlyRemapped() {
        StorageLocality broken = new NodesOnly() {
            @Override
            public List<String> storageNodes() {
                return List.of("a");
            }

            @Override
            public int storageNodeOf(ChainKey key) {
                return 3;
            }
        };
        assertThatThrownBy(() -> new LocalityPlacement(broken, 2).serverFor(ChainKey.of("t", "x")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("node 3 of 1");
    }
}
