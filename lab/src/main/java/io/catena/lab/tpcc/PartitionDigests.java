package io.catena.lab.tpcc;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.tpcc.check.PartitionSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;

/**
 * Passes reads through and keeps a 64-bit digest of every partition read, so that the regions'
 * states can be compared after the consistency check has read them, without holding them all
 * or reading them twice.
 */
final class PartitionDigests implements PartitionSource {

    private final PartitionSource source;
    private final Map<ChainKey, Long> digests = new TreeMap<>();

    PartitionDigests(PartitionSource source) {
        this.source = source;
    }

    @Override
    public CompletionStage<SortedMap<String, Row>> read(ChainKey key) {
        return source.read(key).thenApply(rows -> {
            synchronized (digests) {
                digests.put(key, digest(rows));
            }
            return rows;
        });
    }

    @Override
    public Optional<CompletionStage<List<ChainKey>>> keys(String table) {
        return source.keys(table);
    }

    /** The digest of every partition read so far, by key. */
    Map<ChainKey, Long> digests() {
        synchronized (digests) {
            return new TreeMap<>(digests);
        }
    }

    /** Order-sensitive over clustering keys and rows, which hash by content. */
    static long digest(SortedMap<String, Row> rows) {
        long h = 17;
        for (Map.Entry<String, Row> e : rows.entrySet()) {
            h = h * 1_000_003L + e.getKey().hashCode();
            h = h * 1_000_003L + e.getValue().hashCode();
        }
        return h;
    }
}
