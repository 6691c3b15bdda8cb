package io.catena.storage.hbase;

import io.catena.core.data.ChainKey;
import io.catena.core.membership.KeyPositions;

/**
 * A chain key's position among HBase's rows: its row key in the {@code data} table
 * ({@link RowKeys}), which HBase's regions split by unsigned byte order. Stateless.
 */
public final class HBasePositions implements KeyPositions {

    public static final String SCHEME = "hbase-row";
    public static final HBasePositions INSTANCE = new HBasePositions();

    private HBasePositions() {
    }

    @Override
    public String scheme() {
        return SCHEME;
    }

    @Override
    public byte[] positionOf(ChainKey key) {
        return RowKeys.of(key);
    }
}
