package io.catena.coordinator.resolver;

import io.catena.core.id.TxnId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dependency repository of one epoch in one region (Catenae §VI-C): every "precommits before"
 * edge its chain servers have established among the epoch's transactions.
 *
 * <p>Edges are only ever added by {@link #orderBefore}, which refuses any edge that would close a
 * cycle; the graph is therefore acyclic, and so is every order the region votes. Not
 * thread-safe; owned by the resolver.
 */
public final class DependencyGraph {

    private final Map<TxnId, Set<TxnId>> successors = new HashMap<>();
    private final Map<TxnId, Set<TxnId>> predecessors = new HashMap<>();
    private int edges;

    /**
     * Orders {@code first} before each of {@code later} that does not already precede it (directly
     * or transitively), and returns those that do, in the given order: {@code first} must wait
     * until they have precommitted (Rule 2), and then takes its place without asking again. None of
     * the recorded edges can close a cycle, since none of their targets reaches {@code first}.
     */
    public List<TxnId> orderBefore(TxnId first, Collection<TxnId> later) {
        Set<TxnId> ancestors = ancestorsOf(first);
        List<TxnId> blocking = new ArrayList<>();
        for (TxnId t : later) {
            if (ancestors.contains(t)) {
                blocking.add(t);
            } else if (!t.equals(first) && successors.computeIfAbsent(first, x -> new LinkedHashSet<>()).add(t)) {
                predecessors.computeIfAbsent(t, x -> new LinkedHashSet<>()).add(first);
                edges++;
            }
        }
        return blocking;
    }

    /** Whether {@code a} precedes {@code b} through recorded edges. */
    public boolean precedes(TxnId a, TxnId b) {
        return ancestorsOf(b).contains(a);
    }

    public int edgeCount() {
        return edges;
    }

    private Set<TxnId> ancestorsOf(TxnId t) {
        Set<TxnId> seen = new HashSet<>();
        Deque<TxnId> todo = new ArrayDeque<>();
        todo.add(t);
        while (!todo.isEmpty()) {
            for (TxnId p : predecessors.getOrDefault(todo.poll(), Set.of())) {
                if (seen.add(p)) {
                    todo.add(p);
                }
            }
        }
        return seen;
    }
}
