package io.catena.core.spi;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import java.util.SortedMap;

/**
 * A store that can hand over a table's latest rows in one call, so that an audit after a run need
 * not read every partition through {@link StorageEngine}. Partitions whose rows were all deleted
 * are left out, so two stores compare equal whatever history they kept.
 */
public interface LatestRowsDump {

    /** The latest rows of every partition of {@code table} that has any, by chain key. */
    SortedMap<ChainKey, SortedMap<String, Row>> dumpLatest(String table);
}
