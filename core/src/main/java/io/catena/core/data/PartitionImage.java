package io.catena.core.data;

import java.util.List;
import java.util.SortedMap;

/**
 * What storage hands a chain server when it loads a partition: the rows as of {@code base} (all
 * older history folded in) and every commit applied after it, oldest first.
 */
public record PartitionImage(ChainKey key, Version base, SortedMap<String, Row> rowsAtBase,
                             List<AppliedWrites> after) {

    public PartitionImage {
        rowsAtBase = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(rowsAtBase));
        after = List.copyOf(after);
    }

    /** The writes one transaction applied to one chain key. */
    public record AppliedWrites(Version version, List<RowWrite> writes) {
        public AppliedWrites {
            writes = List.copyOf(writes);
        }
    }
}
