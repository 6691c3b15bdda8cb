package io.catena.core.spi;

import io.catena.core.data.ChainKey;
import java.util.List;

/**
 * Where a distributed store keeps each chain key: implemented by adapters whose region spans
 * several storage nodes (Cassandra's token ring, HBase's region servers), so that a host can place
 * each chain server beside the node that holds its keys and a hop's reads and writes stay local.
 *
 * <p>A snapshot taken when the adapter connects: a host derives a fixed placement from it for the
 * life of the process (every node of a region must agree on the placement), so ring changes and
 * region moves are picked up at the next start. Placement only decides locality, never
 * correctness: any chain server can read and write any key.
 */
public interface StorageLocality {

    /** The storage nodes of this region, in a stable order (by name). Never empty. */
    List<String> storageNodes();

    /** The index in {@link #storageNodes()} of the node that holds {@code key} (its primary replica). */
    int storageNodeOf(ChainKey key);
}
