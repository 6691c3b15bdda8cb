package io.catena.coordinator.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Access;
import io.catena.core.txn.Hop;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class ConflictClassifierTest {

    private static final TxnSpec SPEC = new TxnSpec.ProcedureCall("p", 1, Row.EMPTY);

    @Property(tries = 500)
    void clustersAreExactlyTheConnectedComponentsOfTheConflictRelation(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 30) int n, @ForAll @IntRange(min = 1, max = 20) int keys) {
        Random random = new Random(seed);
        List<ScheduledTxn> txns = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<ChainKey, Access> hops = new LinkedHashMap<>();
            int count = 1 + random.nextInt(4);
            for (int h = 0; h < count; h++) {
                hops.put(ChainKey.of("t", "k" + random.nextInt(keys)), Access.values()[random.nextInt(3)]);
            }
            List<Hop> plan = new ArrayList<>();
            hops.forEach((k, a) -> plan.add(new Hop(k, a)));
            txns.add(new ScheduledTxn(new TxnId(5, RegionId.of(random.nextInt(3)), i), new RequestId(1, i),
                    random.nextInt(10_000), SPEC, new TxnPlan(plan)));
        }
        EpochClassification c = ConflictClassifier.classify(5, txns);

        // The model: conflict = share a key that one of them writes; clusters = components.
        boolean[][] conflict = new boolean[n][n];
        List<ScheduledTxn> sorted = c.txns();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                conflict[i][j] = i != j && conflicts(sorted.get(i).plan(), sorted.get(j).plan());
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                boolean sameCluster = c.cluster(sorted.get(i).id()) == c.cluster(sorted.get(j).id());
                if (conflict[i][j]) {
                    assertThat(sameCluster).isTrue();
                }
            }
        }
        for (ConflictCluster cluster : c.clusters()) {
            assertThat(cluster.conflicting()).isEqualTo(cluster.members().size() > 1);
            assertThat(connected(cluster, sorted, conflict)).isTrue();
        }
        // Independent of the order the transactions were handed over in.
        List<ScheduledTxn> shuffled = new ArrayList<>(txns);
        Collections.shuffle(shuffled, random);
        EpochClassification again = ConflictClassifier.classify(5, shuffled);
        assertThat(again.clusters()).isEqualTo(c.clusters());
        assertThat(again.contendedKeys()).isEqualTo(c.contendedKeys());
    }

    private static boolean conflicts(TxnPlan a, TxnPlan b) {
        for (Hop x : a.hops()) {
            for (Hop y : b.hops()) {
                if (x.key().equals(y.key()) && x.access().conflictsWith(y.access())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean connected(ConflictCluster cluster, List<ScheduledTxn> sorted, boolean[][] conflict) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            if (cluster.members().contains(sorted.get(i).id())) {
                idx.add(i);
            }
        }
        java.util.Set<Integer> reached = new java.util.HashSet<>();
        java.util.Deque<Integer> todo = new java.util.ArrayDeque<>();
        todo.add(idx.get(0));
        reached.add(idx.get(0));
        while (!todo.isEmpty()) {
            int v = todo.poll();
            for (int w : idx) {
                if (conflict[v][w] && reached.add(w)) {
                    todo.add(w);
                }
            }
        }
        return reached.size() == idx.size();
    }
}
