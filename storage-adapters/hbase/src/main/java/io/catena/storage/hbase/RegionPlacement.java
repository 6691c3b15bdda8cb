package io.catena.storage.hbase;

import io.catena.core.membership.KeyRange;
import io.catena.core.membership.StoreLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which region server holds each chain key, from a snapshot of the {@code data} table's HBase
 * regions: each region covers the rows from its start key up to the next region's, and a chain
 * key belongs to the region whose range contains its row key ({@link HBasePositions}). Storage
 * nodes are the region servers by {@code host:port} (a server keeps it across restarts, unlike its
 * start code), sorted. A region with no server at snapshot time (in transition) counts as on node
 * 0: placement decides locality only, never correctness. Immutable.
 */
final class RegionPlacement {

    private final StoreLayout layout;

    /**
     * @param servers      the live region servers ({@code host:port}); may be empty if every
     *                     region's server is named in {@code regionStarts}
     * @param regionStarts each region's start key and its server ({@code host:port}, or null if
     *                     unassigned)
     */
    RegionPlacement(List<String> servers, Map<byte[], String> regionStarts) {
        TreeSet<String> names = new TreeSet<>(servers);
        regionStarts.values().stream().filter(s -> s != null).forEach(names::add);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("HBase reported no region server for the data table");
        }
        List<String> nodes = List.copyOf(new ArrayList<>(names));
        TreeMap<byte[], Integer> byStartKey = new TreeMap<>(Arrays::compareUnsigned);
        byStartKey.put(new byte[0], 0);
        regionStarts.forEach((start, server) -> byStartKey.put(start, server == null ? 0 : nodes.indexOf(server)));
        List<KeyRange> ranges = new ArrayList<>();
        byStartKey.forEach((start, node) -> ranges.add(new KeyRange(start, node)));
        layout = new StoreLayout(HBasePositions.SCHEME, nodes, ranges);
    }

    StoreLayout layout() {
        return layout;
    }
}
