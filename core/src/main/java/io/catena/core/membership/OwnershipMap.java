package io.catena.core.membership;

import io.catena.core.data.ChainKey;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Which chain server owns each range of key positions: the data every node of a region agrees on
 * from a membership epoch on. Immutable; adjacent ranges of one owner are merged, so two maps that
 * place every position alike are equal.
 */
public final class OwnershipMap {

    /** Ranges of the hash in a map {@link #evenly spread}: enough that a move shifts a small share. */
    static final int HASH_RANGES = 64;
    /** In {@link #beside}: a chain server that takes no keys. */
    public static final int ABSENT = -1;

    private final String scheme;
    private final List<KeyRange> ranges;

    /**
     * @param ranges sorted by start, the first starting at the empty position, each owned by a
     *               chain server's index
     */
    public OwnershipMap(String scheme, List<KeyRange> ranges) {
        if (scheme == null || scheme.isEmpty()) {
            throw new IllegalArgumentException("an ownership map needs the scheme of its positions");
        }
        checkSorted(ranges);
        this.scheme = scheme;
        this.ranges = merged(ranges);
    }

    /**
     * The hash's positions cut into equal ranges, dealt to {@code servers} chain servers in turn:
     * the map of a store that has no layout of its own.
     */
    public static OwnershipMap evenly(int servers) {
        return evenly(HashPositions.SCHEME, servers);
    }

    /**
     * Positions of {@code scheme} cut into equal ranges by their first eight bytes, dealt to
     * {@code servers} chain servers in turn: a map every process derives from the configuration
     * alone, which a region starts from before its store's layout arrives as a membership change.
     */
    public static OwnershipMap evenly(String scheme, int servers) {
        if (servers < 1) {
            throw new IllegalArgumentException("a region needs at least one chain server");
        }
        int count = Math.max(HASH_RANGES, servers);
        List<KeyRange> ranges = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ranges.add(new KeyRange(i == 0 ? new byte[0] : hashStart(i, count), i % servers));
        }
        return new OwnershipMap(scheme, ranges);
    }

    /**
     * Chain servers beside the storage nodes that hold their keys: each range of the layout goes
     * to a chain server beside its node, the node's ranges dealt in turn among the servers beside it;
     * a node with none beside it has its ranges dealt to the servers taking part, by the node's index.
     *
     * @param besideNode for each chain server (by index), the index of the storage node it runs beside,
     *                   or {@link #ABSENT} for one that takes no keys (added to the region, but not
     *                   running yet)
     */
    public static OwnershipMap beside(StoreLayout layout, int[] besideNode) {
        List<List<Integer>> serversOf = new ArrayList<>();
        for (int n = 0; n < layout.nodes().size(); n++) {
            serversOf.add(new ArrayList<>());
        }
        List<Integer> taking = new ArrayList<>();
        for (int s = 0; s < besideNode.length; s++) {
            if (besideNode[s] == ABSENT) {
                continue;
            }
            if (besideNode[s] < 0 || besideNode[s] >= layout.nodes().size()) {
                throw new IllegalArgumentException("chain server " + s + " is placed beside storage node "
                        + besideNode[s] + " of " + layout.nodes().size());
            }
            serversOf.get(besideNode[s]).add(s);
            taking.add(s);
        }
        if (taking.isEmpty()) {
            throw new IllegalArgumentException("a region needs at least one chain server");
        }
        int[] dealt = new int[layout.nodes().size()];
        List<KeyRange> ranges = new ArrayList<>(layout.ranges().size());
        for (KeyRange r : layout.ranges()) {
            List<Integer> beside = serversOf.get(r.owner());
            int owner = beside.isEmpty() ? taking.get(r.owner() % taking.size())
                    : beside.get(dealt[r.owner()]++ % beside.size());
            ranges.add(new KeyRange(r.start(), owner));
        }
        return new OwnershipMap(layout.scheme(), ranges);
    }

    public String scheme() {
        return scheme;
    }

    /** The ranges, sorted, adjacent ones of one owner merged. */
    public List<KeyRange> ranges() {
        return ranges;
    }

    /** The chain server that owns {@code position}. */
    public int ownerOf(byte[] position) {
        return ranges.get(indexOf(ranges, position)).owner();
    }

    /** The chain server that owns {@code key}, whose positions {@code positions} computes. */
    public int ownerOf(KeyPositions positions, ChainKey key) {
        return ownerOf(positions.positionOf(key));
    }

    /** The chain servers that own at least one range. */
    public SortedSet<Integer> owners() {
        SortedSet<Integer> owners = new TreeSet<>();
        ranges.forEach(r -> owners.add(r.owner()));
        return owners;
    }

    /** This map with the ranges of {@code from} given to {@code to}. */
    public OwnershipMap reassign(int from, int to) {
        List<KeyRange> moved = new ArrayList<>(ranges.size());
        ranges.forEach(r -> moved.add(r.owner() == from ? new KeyRange(r.start(), to) : r));
        return new OwnershipMap(scheme, moved);
    }

    /** This map with its {@code index}-th range (of {@link #ranges()}) given to chain server {@code to}. */
    public OwnershipMap move(int index, int to) {
        List<KeyRange> moved = new ArrayList<>(ranges);
        moved.set(index, new KeyRange(ranges.get(index).start(), to));
        return new OwnershipMap(scheme, moved);
    }

    static void checkSorted(List<KeyRange> ranges) {
        if (ranges.isEmpty() || ranges.get(0).start().length != 0) {
            throw new IllegalArgumentException("key ranges must start with the one at the empty position");
        }
        for (int i = 1; i < ranges.size(); i++) {
            if (ranges.get(i).compareStart(ranges.get(i - 1).start()) <= 0) {
                throw new IllegalArgumentException("key ranges must be sorted by start without repeats: "
                        + ranges.get(i - 1) + " before " + ranges.get(i));
            }
        }
    }

    /** The index of the range that holds {@code position}: the last whose start is not above it. */
    static int indexOf(List<KeyRange> ranges, byte[] position) {
        int lo = 0;
        int hi = ranges.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (ranges.get(mid).compareStart(position) <= 0) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private static List<KeyRange> merged(List<KeyRange> ranges) {
        List<KeyRange> out = new ArrayList<>(ranges.size());
        for (KeyRange r : ranges) {
            if (out.isEmpty() || out.get(out.size() - 1).owner() != r.owner()) {
                out.add(r);
            }
        }
        return List.copyOf(out);
    }

    private static byte[] hashStart(int i, int count) {
        long start = Long.divideUnsigned(-1L, count) * i;
        byte[] b = new byte[8];
        for (int k = 7; k >= 0; k--) {
            b[k] = (byte) start;
            start >>>= 8;
        }
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OwnershipMap m && scheme.equals(m.scheme) && ranges.equals(m.ranges);
    }

    @Override
    public int hashCode() {
        return 31 * scheme.hashCode() + ranges.hashCode();
    }

    @Override
    public String toString() {
        return scheme + ranges;
    }
}
