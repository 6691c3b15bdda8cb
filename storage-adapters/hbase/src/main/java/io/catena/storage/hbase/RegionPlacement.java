package io.catena.storage.hbase;

import io.catena.core.data.ChainKey;
import io.catena.core.spi.StorageLocality;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which region server holds each chain key, from a snapshot of the {@code data} table's HBase
 * regions: each region covers the rows from its start key up to the next region's, and a chain
 * key belongs to the region whose range contains its row key ({@link RowKeys}). Storage nodes are
 * the region servers by {@code host:port} (a server keeps it across restarts, unlike its start
 * code), sorted. A region with no server at snapshot time (in transition) counts as on node 0:
 * placement decides locality only, never correctness. Immutable.
 */
final class RegionPlacement implements StorageLocality {

    private final List<String> nodes;
    /** Region start key to node index; the first region starts at the empty key. */
    private final TreeMap<byte[], Integer> byStartKey = new TreeMap<>(Arrays::compareUnsigned);

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
        nodes = List.copyOf(new ArrayList<>(names));
        regionStarts.forEach((start, server) -> byStartKey.put(start, server == null ? 0 : nodes.indexOf(server)));
    }

    @Override
    public List<String> storageNodes() {
        return nodes;
    }

    @Override
    public int storageNodeOf(ChainKey key) {
        Map.Entry<byte[], Integer> region = byStartKey.floorEntry(RowKeys.of(key));
        return region == null ? 0 : region.getValue();
    }
}
