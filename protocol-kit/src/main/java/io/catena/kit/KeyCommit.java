package io.catena.kit;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.util.List;

/**
 * One chain key of a committing transaction: the version it read or overwrote, which a region
 * must have applied before it applies the commit ({@link Replica#offer}), and the rows written
 * (none for a key that was only read).
 */
public record KeyCommit(ChainKey key, Version observed, List<RowWrite> writes) {

    public KeyCommit {
        writes = List.copyOf(writes);
        if (key == null || observed == null) {
            throw new IllegalArgumentException("a key commit names its key and the version it builds on");
        }
    }
}
