package io.catena.harness.check;

import java.util.Arrays;

/**
 * The dependency graph of a history: transactions are the nodes 0..n-1, and each edge has a
 * {@link DependencyType} and the key it was inferred from. Edges are kept in parallel int arrays,
 * not as objects; self-edges are dropped.
 *
 * <p>Mutable while edges are added, then read through {@link #adjacency(int)}; one thread.
 */
final class DependencyGraph {

    private final int nodeCount;
    private final int[] edgesByType = new int[DependencyType.values().length];
    private int edgeCount;
    private int[] sources = new int[1024];
    private int[] targets = new int[1024];
    private byte[] types = new byte[1024];
    private String[] keys = new String[1024];

    DependencyGraph(int nodeCount) {
        this.nodeCount = nodeCount;
    }

    /** Adds the edge {@code from -type-> to}, inferred from {@code key}, unless from == to. */
    void add(int from, int to, DependencyType type, String key) {
        if (from == to) {
            return;
        }
        if (edgeCount == sources.length) {
            int capacity = edgeCount * 2;
            sources = Arrays.copyOf(sources, capacity);
            targets = Arrays.copyOf(targets, capacity);
            types = Arrays.copyOf(types, capacity);
            keys = Arrays.copyOf(keys, capacity);
        }
        sources[edgeCount] = from;
        targets[edgeCount] = to;
        types[edgeCount] = (byte) type.ordinal();
        keys[edgeCount] = key;
        edgeCount++;
        edgesByType[type.ordinal()]++;
    }

    int nodeCount() {
        return nodeCount;
    }

    int edgeCount() {
        return edgeCount;
    }

    int edgeCount(DependencyType type) {
        return edgesByType[type.ordinal()];
    }

    int source(int edge) {
        return sources[edge];
    }

    int target(int edge) {
        return targets[edge];
    }

    DependencyType type(int edge) {
        return DependencyType.ofOrdinal(types[edge]);
    }

    String key(int edge) {
        return keys[edge];
    }

    /** The outgoing edges of every node, restricted to the types in {@code typeMask}. */
    Adjacency adjacency(int typeMask) {
        int[] offsets = new int[nodeCount + 1];
        for (int e = 0; e < edgeCount; e++) {
            if ((typeMask & (1 << types[e])) != 0) {
                offsets[sources[e] + 1]++;
            }
        }
        for (int node = 0; node < nodeCount; node++) {
            offsets[node + 1] += offsets[node];
        }
        int[] next = Arrays.copyOf(offsets, nodeCount);
        int[] edgeIds = new int[offsets[nodeCount]];
        int[] edgeTargets = new int[offsets[nodeCount]];
        for (int e = 0; e < edgeCount; e++) {
            if ((typeMask & (1 << types[e])) != 0) {
                int slot = next[sources[e]]++;
                edgeIds[slot] = e;
                edgeTargets[slot] = targets[e];
            }
        }
        return new Adjacency(offsets, edgeIds, edgeTargets);
    }

    /**
     * Outgoing edges in compressed rows: the edges of node v are the slots
     * {@code offsets[v] .. offsets[v + 1] - 1}; each slot holds the edge's id and its target.
     */
    record Adjacency(int[] offsets, int[] edgeIds, int[] targets) {

        int nodeCount() {
            return offsets.length - 1;
        }
    }
}
