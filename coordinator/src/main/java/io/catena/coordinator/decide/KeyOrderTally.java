package io.catena.coordinator.decide;

import io.catena.core.id.TxnId;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The votes of the regions on the order of one contended key of one epoch, and the rule that
 * turns them into a decision (Catenae §VI-D, made deterministic):
 * <ol>
 *   <li>an order voted by a majority of all regions is decided: it is unique, and every region
 *       that counts a majority counts this one;</li>
 *   <li>once every region has voted, or the vote window has closed (so the set of counted votes is
 *       fixed by the log), the most voted order is decided, ties going to the order of the
 *       lowest-numbered region among them, and the canonical order if nobody voted.</li>
 * </ol>
 * Only votes carried by included log records within the window may be added; that is the caller's
 * job. A vote that is not an ordering of exactly the key's transactions is ignored.
 */
public final class KeyOrderTally {

    private final List<TxnId> canonical;
    private final Set<TxnId> expected;
    private final int regions;
    private final TreeMap<Integer, List<TxnId>> votesByRegion = new TreeMap<>();

    public KeyOrderTally(List<TxnId> canonical, int regions) {
        this.canonical = List.copyOf(canonical);
        this.expected = new HashSet<>(canonical);
        this.regions = regions;
    }

    /** Records a region's vote; returns false if it was malformed or the region already voted. */
    public boolean add(int region, List<TxnId> order) {
        if (votesByRegion.containsKey(region) || !wellFormed(order)) {
            return false;
        }
        votesByRegion.put(region, List.copyOf(order));
        return true;
    }

    public int voteCount() {
        return votesByRegion.size();
    }

    public Map<Integer, List<TxnId>> votes() {
        return java.util.Collections.unmodifiableMap(votesByRegion);
    }

    /** The decided order, or null while undecided. */
    public List<TxnId> decide(boolean windowClosed) {
        int majority = regions / 2 + 1;
        Map<List<TxnId>, Integer> counts = counts(votesByRegion.values());
        for (Map.Entry<List<TxnId>, Integer> e : counts.entrySet()) {
            if (e.getValue() >= majority) {
                return e.getKey();
            }
        }
        if (votesByRegion.size() < regions && !windowClosed) {
            return null;
        }
        if (votesByRegion.isEmpty()) {
            return canonical;
        }
        List<TxnId> best = null;
        int bestCount = 0;
        for (List<TxnId> vote : votesByRegion.values()) {
            int c = counts.get(vote);
            if (c > bestCount) {
                best = vote;
                bestCount = c;
            }
        }
        return best;
    }

    private boolean wellFormed(List<TxnId> order) {
        return order.size() == expected.size() && new HashSet<>(order).equals(expected);
    }

    private static Map<List<TxnId>, Integer> counts(Collection<List<TxnId>> votes) {
        Map<List<TxnId>, Integer> counts = new java.util.HashMap<>();
        for (List<TxnId> v : votes) {
            counts.merge(v, 1, Integer::sum);
        }
        return counts;
    }

    @Override
    public String toString() {
        return "KeyOrderTally" + votesByRegion;
    }
}
