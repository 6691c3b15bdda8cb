package io.catena.coordinator.decide;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SortedMap;

/**
 * Turns the decided order of every contended key of a cluster into one serialization order.
 *
 * <p>Per-key decisions come from different majorities, and majorities do not compose: with
 * regions voting C→A→B, A→B→C and B→C→A, the three keys can be decided A before B, B before C
 * and C before A. The linearizer therefore collapses every strongly connected component of the
 * decided precedence graph into the canonical order of its members and then orders the
 * components topologically, earliest canonical member first. The result is a pure function of
 * the decisions, so every region breaks a cycle the same way; when the decided graph has no cycle
 * (the common case) it is a linear extension of every decided key order.
 */
public final class ClusterLinearizer {

    private ClusterLinearizer() {
    }

    /** A serialization order of the cluster and how many members had to be re-ordered. */
    public record Linearization(List<TxnId> order, int membersInCycles) {
    }

    /**
     * @param members   the cluster in canonical order
     * @param keyOrders the decided order on each contended key
     * @param writes    whether a member writes a key: {@code writes.test(txn, key)}
     */
    public static Linearization linearize(List<TxnId> members, SortedMap<ChainKey, List<TxnId>> keyOrders,
                                          WriteTest writes) {
        int n = members.size();
        Map<TxnId, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(members.get(i), i);
        }
        BitSet[] succ = new BitSet[n];
        for (int i = 0; i < n; i++) {
            succ[i] = new BitSet(n);
        }
        for (Map.Entry<ChainKey, List<TxnId>> e : keyOrders.entrySet()) {
            addKeyEdges(e.getKey(), e.getValue(), index, succ, writes);
        }
        int[] component = stronglyConnectedComponents(succ);
        return order(members, succ, component);
    }

    /** Whether a transaction writes a chain key. */
    @FunctionalInterface
    public interface WriteTest {
        boolean writes(TxnId txn, ChainKey key);
    }

    private static void addKeyEdges(ChainKey key, List<TxnId> order, Map<TxnId, Integer> index, BitSet[] succ,
                                    WriteTest writes) {
        int lastWriter = -1;
        List<Integer> readersSinceWriter = new ArrayList<>();
        for (TxnId t : order) {
            int i = index.get(t);
            if (writes.writes(t, key)) {
                if (lastWriter >= 0) {
                    succ[lastWriter].set(i);
                }
                for (int r : readersSinceWriter) {
                    succ[r].set(i);
                }
                readersSinceWriter.clear();
                lastWriter = i;
            } else {
                if (lastWriter >= 0) {
                    succ[lastWriter].set(i);
                }
                readersSinceWriter.add(i);
            }
        }
    }

    /** Tarjan's algorithm, iterative; component ids are arbitrary but deterministic. */
    private static int[] stronglyConnectedComponents(BitSet[] succ) {
        int n = succ.length;
        int[] index = new int[n];
        int[] low = new int[n];
        int[] component = new int[n];
        Arrays.fill(index, -1);
        boolean[] onStack = new boolean[n];
        Deque<Integer> stack = new ArrayDeque<>();
        int[] next = new int[n];
        int counter = 0;
        int components = 0;
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0) {
                continue;
            }
            Deque<Integer> call = new ArrayDeque<>();
            call.push(root);
            index[root] = low[root] = counter++;
            stack.push(root);
            onStack[root] = true;
            next[root] = succ[root].nextSetBit(0);
            while (!call.isEmpty()) {
                int v = call.peek();
                int w = next[v];
                if (w >= 0) {
                    next[v] = succ[v].nextSetBit(w + 1);
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack.push(w);
                        onStack[w] = true;
                        next[w] = succ[w].nextSetBit(0);
                        call.push(w);
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                } else {
                    call.pop();
                    if (!call.isEmpty()) {
                        int parent = call.peek();
                        low[parent] = Math.min(low[parent], low[v]);
                    }
                    if (low[v] == index[v]) {
                        int w2;
                        do {
                            w2 = stack.pop();
                            onStack[w2] = false;
                            component[w2] = components;
                        } while (w2 != v);
                        components++;
                    }
                }
            }
        }
        return component;
    }

    private static Linearization order(List<TxnId> members, BitSet[] succ, int[] component) {
        int n = members.size();
        int components = 0;
        for (int c : component) {
            components = Math.max(components, c + 1);
        }
        // Members of each component in canonical order; a component is named by its first member.
        List<List<Integer>> byComponent = new ArrayList<>();
        for (int c = 0; c < components; c++) {
            byComponent.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            byComponent.get(component[i]).add(i);
        }
        int[] indegree = new int[components];
        List<BitSet> compSucc = new ArrayList<>();
        for (int c = 0; c < components; c++) {
            compSucc.add(new BitSet(components));
        }
        for (int i = 0; i < n; i++) {
            for (int j = succ[i].nextSetBit(0); j >= 0; j = succ[i].nextSetBit(j + 1)) {
                int a = component[i];
                int b = component[j];
                if (a != b && !compSucc.get(a).get(b)) {
                    compSucc.get(a).set(b);
                    indegree[b]++;
                }
            }
        }
        PriorityQueue<Integer> ready = new PriorityQueue<>((a, b) ->
                Integer.compare(byComponent.get(a).get(0), byComponent.get(b).get(0)));
        for (int c = 0; c < components; c++) {
            if (indegree[c] == 0) {
                ready.add(c);
            }
        }
        List<TxnId> order = new ArrayList<>(n);
        int inCycles = 0;
        while (!ready.isEmpty()) {
            int c = ready.poll();
            List<Integer> ms = byComponent.get(c);
            if (ms.size() > 1) {
                inCycles += ms.size();
            }
            for (int m : ms) {
                order.add(members.get(m));
            }
            BitSet s = compSucc.get(c);
            for (int d = s.nextSetBit(0); d >= 0; d = s.nextSetBit(d + 1)) {
                if (--indegree[d] == 0) {
                    ready.add(d);
                }
            }
        }
        return new Linearization(List.copyOf(order), inCycles);
    }
}
