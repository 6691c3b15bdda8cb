package io.catena.coordinator.schedule;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Access;
import io.catena.core.txn.Hop;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The light-weight static analysis of Catenae §V-B, applied to a whole epoch: two transactions
 * of the same epoch conflict when they touch one chain key and one of them writes it. Conflicts
 * across epochs need no analysis because epochs execute in order. The result depends only on the
 * epoch's content, so every region classifies identically.
 */
public final class ConflictClassifier {

    private ConflictClassifier() {
    }

    public static EpochClassification classify(long epoch, List<ScheduledTxn> txnsInAnyOrder) {
        List<ScheduledTxn> txns = new ArrayList<>(txnsInAnyOrder);
        txns.sort(ScheduledTxn.ARRIVAL_ORDER);
        // Who touches each key, in arrival order.
        TreeMap<ChainKey, List<Integer>> touching = new TreeMap<>();
        TreeMap<ChainKey, Boolean> written = new TreeMap<>();
        for (int i = 0; i < txns.size(); i++) {
            for (Hop hop : txns.get(i).plan().hops()) {
                touching.computeIfAbsent(hop.key(), k -> new ArrayList<>(2)).add(i);
                written.merge(hop.key(), hop.access() != Access.READ, Boolean::logicalOr);
            }
        }

        int[] parent = new int[txns.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        Set<ChainKey> contended = new HashSet<>();
        for (Map.Entry<ChainKey, List<Integer>> e : touching.entrySet()) {
            List<Integer> ts = e.getValue();
            if (ts.size() > 1 && written.get(e.getKey())) {
                contended.add(e.getKey());
                for (int t : ts) {
                    union(parent, ts.get(0), t);
                }
            }
        }

        return assemble(epoch, txns, parent, touching, contended);
    }

    /** Clusters named by their first member in arrival order, listed in that order too. */
    private static EpochClassification assemble(long epoch, List<ScheduledTxn> txns, int[] parent,
                                                TreeMap<ChainKey, List<Integer>> touching, Set<ChainKey> contended) {
        LinkedHashMap<Integer, List<TxnId>> membersByRoot = new LinkedHashMap<>();
        for (int i = 0; i < txns.size(); i++) {
            membersByRoot.computeIfAbsent(find(parent, i), r -> new ArrayList<>(1)).add(txns.get(i).id());
        }
        Map<Integer, TreeMap<ChainKey, List<TxnId>>> keysByRoot = new HashMap<>();
        for (Map.Entry<ChainKey, List<Integer>> e : touching.entrySet()) {
            if (!contended.contains(e.getKey())) {
                continue;
            }
            List<TxnId> ids = new ArrayList<>(e.getValue().size());
            for (int t : e.getValue()) {
                ids.add(txns.get(t).id());
            }
            keysByRoot.computeIfAbsent(find(parent, e.getValue().get(0)), r -> new TreeMap<>()).put(e.getKey(), ids);
        }
        List<ConflictCluster> clusters = new ArrayList<>();
        Map<TxnId, ConflictCluster> clusterOf = new HashMap<>();
        for (Map.Entry<Integer, List<TxnId>> e : membersByRoot.entrySet()) {
            ConflictCluster c = new ConflictCluster(e.getValue(),
                    keysByRoot.getOrDefault(e.getKey(), new TreeMap<>()));
            clusters.add(c);
            for (TxnId id : c.members()) {
                clusterOf.put(id, c);
            }
        }
        return new EpochClassification(epoch, Collections.unmodifiableList(txns), List.copyOf(clusters),
                Collections.unmodifiableMap(clusterOf), Collections.unmodifiableSet(contended));
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra != rb) {
            // Keep the earlier arrival as the root so roots are deterministic.
            if (ra < rb) {
                parent[rb] = ra;
            } else {
                parent[ra] = rb;
            }
        }
    }
}
