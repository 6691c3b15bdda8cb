package io.catena.harness.run;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.LatestRowsDump;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The latest rows of one table of any store, for audits after a run: what two regions must agree
 * on once both applied the same commits. Partitions whose rows were all deleted are left out, as
 * {@link LatestRowsDump} does, so stores compare equal whatever history they kept.
 */
final class StoreDump {

    /** How long a whole dump may take on a remote store before the audit gives up. */
    private static final long TIMEOUT_SECONDS = 300;

    /** Partitions read at once from a remote store: enough to hide round trips, few enough not to flood it. */
    private static final int READS_IN_FLIGHT = 64;

    private StoreDump() {
    }

    static SortedMap<ChainKey, SortedMap<String, Row>> latest(StorageEngine store, String table) {
        if (store instanceof LatestRowsDump whole) {
            return whole.dumpLatest(table);
        }
        try {
            List<ChainKey> keys = store.listKeys(table).toCompletableFuture().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            TreeMap<ChainKey, SortedMap<String, Row>> dump = new TreeMap<>();
            for (int from = 0; from < keys.size(); from += READS_IN_FLIGHT) {
                List<ChainKey> slice = keys.subList(from, Math.min(keys.size(), from + READS_IN_FLIGHT));
                List<CompletableFuture<SortedMap<String, Row>>> reads = new ArrayList<>();
                for (ChainKey key : slice) {
                    reads.add(store.readPartition(key, Version.MAX).toCompletableFuture());
                }
                for (int i = 0; i < slice.size(); i++) {
                    SortedMap<String, Row> rows = reads.get(i).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                    if (!rows.isEmpty()) {
                        dump.put(slice.get(i), rows);
                    }
                }
            }
            return Collections.unmodifiableSortedMap(dump);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading table " + table + " for the audit", e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read table " + table + " of the store for the audit: " + e, e);
        }
    }
}
