package io.catena.storage.cassandra;

import io.catena.core.membership.KeyRange;
import io.catena.core.membership.StoreLayout;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Murmur3 token ring: which node is the primary replica of each token, as a {@link StoreLayout}
 * of {@link Murmur3Positions}. A node owning token {@code t} owns the range from the previous
 * token (exclusive) to {@code t} (inclusive); tokens above the highest wrap to the lowest. Nodes
 * are named and kept in name order, so every host that sees the same ring numbers the nodes alike.
 * Pure and immutable.
 */
final class TokenRing {

    private final List<String> nodes;
    private final long[] tokens;
    private final int[] owners;

    /**
     * @param tokensByNode each node's name and its tokens; at least one node with a token, no
     *                     token owned twice
     */
    TokenRing(Map<String, ? extends Collection<Long>> tokensByNode) {
        TreeMap<String, Collection<Long>> byName = new TreeMap<>(tokensByNode);
        this.nodes = List.copyOf(byName.keySet());
        TreeMap<Long, Integer> ring = new TreeMap<>();
        int index = 0;
        for (Collection<Long> nodeTokens : byName.values()) {
            for (long token : nodeTokens) {
                Integer other = ring.put(token, index);
                if (other != null) {
                    throw new IllegalArgumentException("token " + token + " is owned by both " + nodes.get(other)
                            + " and " + nodes.get(index));
                }
            }
            index++;
        }
        if (ring.isEmpty()) {
            throw new IllegalArgumentException("a token ring needs at least one node with a token, got " + tokensByNode);
        }
        tokens = ring.keySet().stream().mapToLong(Long::longValue).toArray();
        owners = ring.values().stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The ring as ranges of {@link Murmur3Positions}: a node owning token {@code t} owns
     * {@code (previous, t]}, which starts at the position of {@code previous + 1}; the range below
     * the lowest token and the one above the highest both belong to the lowest token's node.
     */
    StoreLayout layout() {
        List<KeyRange> ranges = new ArrayList<>(tokens.length + 1);
        ranges.add(new KeyRange(new byte[0], owners[0]));
        for (int i = 0; i < tokens.length; i++) {
            if (tokens[i] == Long.MAX_VALUE) {
                break;
            }
            int next = i + 1 == tokens.length ? 0 : i + 1;
            ranges.add(new KeyRange(Murmur3Positions.ofToken(tokens[i] + 1), owners[next]));
        }
        return new StoreLayout(Murmur3Positions.SCHEME, nodes, ranges);
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < tokens.length; i++) {
            parts.add(tokens[i] + "->" + nodes.get(owners[i]));
        }
        return "TokenRing" + parts;
    }
}
