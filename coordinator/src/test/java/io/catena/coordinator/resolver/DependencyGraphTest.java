package io.catena.coordinator.resolver;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class DependencyGraphTest {

    private static TxnId t(int i) {
        return new TxnId(1, RegionId.of(0), i);
    }

    /**
     * The paper's Fig. 3 situation: T4 before T3, T1 before T4; T3 may then not go before T1, but
     * goes before T2, and waits for T1.
     */
    @Test
    void refusesOnlyTheOrdersThatWouldCloseACycleAndNamesTheBlockers() {
        DependencyGraph g = new DependencyGraph();
        assertThat(g.orderBefore(t(4), List.of(t(3)))).isEmpty();
        assertThat(g.orderBefore(t(1), List.of(t(4)))).isEmpty();
        assertThat(g.orderBefore(t(3), List.of(t(1), t(2)))).containsExactly(t(1));
        assertThat(g.precedes(t(1), t(3))).isTrue();
        assertThat(g.precedes(t(3), t(2))).as("placed ahead of the one it could overtake").isTrue();
        assertThat(g.orderBefore(t(2), List.of(t(3)))).containsExactly(t(3));
    }

    /**
     * Whatever sequence of requests arrives, the recorded edges never form a cycle; the blockers
     * named are exactly the later transactions that already precede the first, and the first is
     * ordered before all the others.
     */
    @Property(tries = 300)
    void neverRecordsACycle(@ForAll long seed, @ForAll @IntRange(min = 2, max = 12) int n) {
        Random random = new Random(seed);
        DependencyGraph g = new DependencyGraph();
        boolean[][] edge = new boolean[n][n];
        for (int step = 0; step < 60; step++) {
            int first = random.nextInt(n);
            List<TxnId> later = new ArrayList<>();
            List<Integer> laterIdx = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                if (j != first && random.nextInt(3) == 0) {
                    later.add(t(j));
                    laterIdx.add(j);
                }
            }
            boolean[][] reach = closure(edge);
            List<TxnId> expected = new ArrayList<>();
            for (int j : laterIdx) {
                if (reach[j][first]) {
                    expected.add(t(j));
                } else {
                    edge[first][j] = true;
                }
            }
            List<TxnId> blockers = g.orderBefore(t(first), later);
            assertThat(blockers).as("seed %d", seed).isEqualTo(expected);
            boolean[][] after = closure(edge);
            for (int i = 0; i < n; i++) {
                assertThat(after[i][i]).as("cycle through %d, seed %d", i, seed).isFalse();
            }
        }
    }

    private static boolean[][] closure(boolean[][] edge) {
        int n = edge.length;
        boolean[][] r = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            r[i] = edge[i].clone();
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    r[i][j] |= r[i][k] && r[k][j];
                }
            }
        }
        return r;
    }
}
