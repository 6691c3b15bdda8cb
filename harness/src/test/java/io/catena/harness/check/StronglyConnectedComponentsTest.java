package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class StronglyConnectedComponentsTest {

    /** Two nodes share a component iff each reaches the other: checked against transitive closure. */
    @Property(tries = 300)
    void componentsAreTheMutuallyReachableNodes(@ForAll long seed,
                                                @ForAll @IntRange(min = 1, max = 30) int nodes,
                                                @ForAll @IntRange(min = 0, max = 60) int edges) {
        Random random = new Random(seed);
        DependencyGraph graph = new DependencyGraph(nodes);
        boolean[][] reaches = new boolean[nodes][nodes];
        for (int i = 0; i < nodes; i++) {
            reaches[i][i] = true;
        }
        for (int e = 0; e < edges; e++) {
            int from = random.nextInt(nodes);
            int to = random.nextInt(nodes);
            graph.add(from, to, DependencyType.values()[random.nextInt(3)], "k");
            reaches[from][to] = true;
        }
        for (int via = 0; via < nodes; via++) {
            for (int from = 0; from < nodes; from++) {
                for (int to = 0; to < nodes; to++) {
                    reaches[from][to] |= reaches[from][via] && reaches[via][to];
                }
            }
        }

        StronglyConnectedComponents components = StronglyConnectedComponents.of(graph.adjacency(DependencyType.ALL));

        int[] sizes = new int[components.count()];
        for (int a = 0; a < nodes; a++) {
            sizes[components.componentOf()[a]]++;
            for (int b = 0; b < nodes; b++) {
                boolean same = components.componentOf()[a] == components.componentOf()[b];
                assertThat(same).as("seed %d, nodes %d and %d", seed, a, b)
                        .isEqualTo(reaches[a][b] && reaches[b][a]);
            }
        }
        assertThat(sizes).as("seed %d", seed).isEqualTo(components.sizes());
    }

    @Test
    void aLongChainClosedIntoACycleDoesNotOverflowTheStack() {
        int nodes = 1_000_000;
        DependencyGraph graph = new DependencyGraph(nodes);
        for (int i = 0; i < nodes; i++) {
            graph.add(i, (i + 1) % nodes, DependencyType.WW, "k");
        }

        StronglyConnectedComponents components = StronglyConnectedComponents.of(graph.adjacency(DependencyType.ALL));

        assertThat(components.sizes()).containsExactly(nodes);
    }

    @Test
    void onlyEdgesOfTheMaskedTypesAreFollowed() {
        DependencyGraph graph = new DependencyGraph(2);
        graph.add(0, 1, DependencyType.WW, "x");
        graph.add(1, 0, DependencyType.RW, "y");
        graph.add(1, 1, DependencyType.WR, "z");

        assertThat(StronglyConnectedComponents.of(graph.adjacency(DependencyType.ALL)).hasCycle()).isTrue();
        assertThat(StronglyConnectedComponents.of(graph.adjacency(DependencyType.WW.bit() | DependencyType.WR.bit()))
                .hasCycle()).isFalse();
        assertThat(graph.edgeCount()).as("the self-edge is dropped").isEqualTo(2);
    }
}
