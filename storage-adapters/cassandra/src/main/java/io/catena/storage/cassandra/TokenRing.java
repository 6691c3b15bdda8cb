package io.catena.storage.cassandra;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Murmur3 token ring: which node is the primary replica of a token. A node owning token
 * {@code t} owns the range from the previous token (exclusive) to {@code t} (inclusive); tokens
 * above the highest wrap to the lowest. Nodes are named and kept in name order, so every host that
 * sees the same ring numbers the nodes alike. Pure and immutable.
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

    /** Node names in order. */
    List<String> nodes() {
        return nodes;
    }

    /** The index in {@link #nodes()} of the primary replica of {@code token}. */
    int ownerOf(long token) {
        int at = Arrays.binarySearch(tokens, token);
        if (at < 0) {
            at = -at - 1;
        }
        return owners[at == tokens.length ? 0 : at];
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
