package io.catena.storage.memory;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.LatestRowsDump;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreFencedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * The embedded store: one region's versioned key-value store and replicated log, in memory, with
 * an optional write-ahead journal on disk. It is the default for the demo, the tests and the
 * simulator.
 *
 * <p><b>Data.</b> Each chain key's history is a {@link VersionedPartition}; {@link #apply} is
 * atomic per chain key and idempotent per version (a version at or below the key's latest
 * changes nothing and completes normally). A read below a key's garbage-collection horizon
 * completes exceptionally with an {@link IllegalStateException}. An unknown key loads as an empty
 * image at {@link Version#ZERO}. {@link #listKeys} lists every key that was ever applied to and
 * not dropped, including keys whose rows have all been deleted.
 *
 * <p><b>Replicated log.</b> Records are kept by (origin, epoch) and read in that order. The first
 * record stored for a pair wins; so does a truncation: after {@code truncateLog(o, e)} a record
 * of {@code o} at an epoch at or below {@code e} is ignored rather than stored again.
 *
 * <p><b>Threading.</b> Every method is {@code synchronized} and does all its work before it
 * returns, so calls from any threads are serialized and take effect in call order, and every
 * returned stage is already complete (dependent actions run on the caller's thread). Failures,
 * including invalid arguments, are reported through the stage, never thrown. After
 * {@link #close()} every call fails with {@code IllegalStateException("storage engine is
 * closed")}.
 *
 * <p><b>Ownership.</b> The engine owns its partitions; rows, images and snapshots it hands out
 * are immutable or fresh copies. With a journal ({@link #MemoryStorageEngine(Path)}) the engine
 * also owns the journal file and holds a lock on it until {@link #close()}; each mutation that
 * changes state is appended and forced to disk before it takes effect, so a completed stage is
 * durable. The journal is never compacted: it grows with every mutation, so it suits demos and
 * tests, not long-running production regions.
 */
public final class MemoryStorageEngine implements StorageEngine, LatestRowsDump {

    /** The highest leader term that claimed this store; 0 before any did. */
    private long claimedTerm;

    private static final String CLOSED = "storage engine is closed";

    /** Every partition, for point access; {@link #ordered} holds the same, for listing a table. */
    private final Map<ChainKey, VersionedPartition> partitions = new HashMap<>();
    private final TreeMap<ChainKey, VersionedPartition> ordered = new TreeMap<>();
    private final RLogStore log = new RLogStore();
    private final WriteAheadJournal journal;
    private boolean closed;

    /** An empty engine that keeps everything in memory only. */
    public MemoryStorageEngine() {
        this.journal = null;
    }

    /**
     * An engine backed by the write-ahead journal in {@code directory} (created if missing): the
     * journal's entries are replayed first, a torn final entry left by a crash is dropped, and
     * every later mutation is appended to it.
     *
     * @throws IOException if the journal cannot be read, is corrupt before its final entry, or is
     *         in use by another engine; the message says which
     */
    public MemoryStorageEngine(Path directory) throws IOException {
        this.journal = WriteAheadJournal.open(directory, this::replay);
    }

    @Override
    public CompletionStage<PartitionImage> loadPartition(ChainKey key) {
        return call(() -> {
            require(key, "a chain key");
            VersionedPartition p = partitions.get(key);
            if (p == null) {
                return new PartitionImage(key, Version.ZERO, Collections.emptySortedMap(), List.of());
            }
            return p.toImage();
        });
    }

    @Override
    public CompletionStage<SortedMap<String, Row>> readPartition(ChainKey key, Version atOrBelow) {
        return call(() -> {
            require(key, "a chain key");
            require(atOrBelow, "a version to read at");
            VersionedPartition p = partitions.get(key);
            return p == null ? Collections.emptySortedMap() : p.snapshot(atOrBelow);
        });
    }

    @Override
    public CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return call(() -> {
            require(key, "a chain key");
            require(version, "a version");
            require(writes, "a list of writes");
            for (RowWrite w : writes) {
                require(w, "non-null writes");
            }
            VersionedPartition p = partitions.get(key);
            if (version.isAfter(p == null ? Version.ZERO : p.latest())) {
                List<RowWrite> copy = List.copyOf(writes);
                persist(new JournalEntry.Apply(key, version, copy));
                applyNow(key, p, version, copy);
            }
            return null;
        });
    }

    @Override
    public CompletionStage<Void> collectGarbage(ChainKey key, Version horizon) {
        return call(() -> {
            require(key, "a chain key");
            require(horizon, "a horizon");
            VersionedPartition p = partitions.get(key);
            if (p != null && Version.min(horizon, p.latest()).isAfter(p.horizon())) {
                persist(new JournalEntry.CollectGarbage(key, horizon));
                p.collectGarbage(horizon);
            }
            return null;
        });
    }

    @Override
    public CompletionStage<Void> dropPartition(ChainKey key) {
        return call(() -> {
            require(key, "a chain key");
            if (partitions.containsKey(key)) {
                persist(new JournalEntry.DropPartition(key));
                dropNow(key);
            }
            return null;
        });
    }

    @Override
    public CompletionStage<List<ChainKey>> listKeys(String table) {
        return call(() -> List.copyOf(partitionsOf(table).keySet()));
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        return call(() -> {
            require(record, "a log record");
            if (log.accepts(record)) {
                // Encoded once: the store keeps these bytes, and the journal entry is made of them.
                byte[] encoded = JournalCodec.encodeRecord(record);
                if (journal != null) {
                    journal.appendEncoded(JournalEntry.Kind.APPEND_LOG, JournalCodec.appendLogEntry(encoded));
                }
                log.append(record, encoded);
            }
            return null;
        });
    }

    @Override
    public CompletionStage<List<RLogRecord>> readLog() {
        return call(() -> List.copyOf(log.records()));
    }

    @Override
    public CompletionStage<Void> truncateLog(RegionId origin, long throughEpoch) {
        return call(() -> {
            require(origin, "an origin region");
            if (log.truncates(origin, throughEpoch)) {
                persist(new JournalEntry.TruncateLog(origin, throughEpoch));
                log.truncate(origin, throughEpoch);
            }
            return null;
        });
    }

    /**
     * The latest rows of every partition of {@code table} that has any, by chain key: what two
     * regions' stores must agree on once both applied the same commits. Partitions whose rows
     * were all deleted are left out, so stores compare equal whatever histories they kept.
     *
     * @throws IllegalStateException if the engine is closed
     */
    @Override
    public synchronized SortedMap<ChainKey, SortedMap<String, Row>> dumpLatest(String table) {
        requireOpen();
        TreeMap<ChainKey, SortedMap<String, Row>> dump = new TreeMap<>();
        for (Map.Entry<ChainKey, VersionedPartition> e : partitionsOf(table).entrySet()) {
            SortedMap<String, Row> rows = e.getValue().snapshot(Version.MAX);
            if (!rows.isEmpty()) {
                dump.put(e.getKey(), rows);
            }
        }
        return Collections.unmodifiableSortedMap(dump);
    }

    /**
     * The version of the last commit applied to {@code key}, or {@link Version#ZERO} if none was.
     *
     * @throws IllegalStateException if the engine is closed
     */
    public synchronized Version latestVersion(ChainKey key) {
        requireOpen();
        require(key, "a chain key");
        return latestOf(key);
    }

    /** Makes every later call fail; releases the journal, if any. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (journal != null) {
            try {
                journal.close();
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "could not close the storage journal (every entry was already forced to disk)", e);
            }
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>Kept in memory only, not in the journal: the simulator's coordinators claim terms; a
     * runtime on the embedded store has one coordinator process and claims none.
     */
    @Override
    public CompletionStage<Void> claimTerm(RegionId region, long term) {
        return call(() -> {
            if (term < claimedTerm) {
                throw new StoreFencedException(term, claimedTerm);
            }
            claimedTerm = term;
            return null;
        });
    }

    @Override
    public StorageEngine fencedBy(RegionId region, long term) {
        return new FencedMemoryStore(this, term);
    }

    /** Makes {@code write} unless a term above {@code term} has claimed the store, atomically with the check. */
    synchronized <T> CompletionStage<T> ifTermHolds(long term, Supplier<CompletionStage<T>> write) {
        if (claimedTerm > term) {
            return CompletableFuture.failedFuture(new StoreFencedException(term, claimedTerm));
        }
        return write.get();
    }

    private synchronized <T> CompletionStage<T> call(Supplier<T> action) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException(CLOSED));
        }
        try {
            return CompletableFuture.completedFuture(action.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Re-executes one journal entry while the journal is being opened. */
    private void replay(JournalEntry entry) {
        if (entry instanceof JournalEntry.Apply a) {
            applyNow(a.key(), a.version(), a.writes());
        } else if (entry instanceof JournalEntry.CollectGarbage g) {
            VersionedPartition p = partitions.get(g.key());
            if (p != null) {
                p.collectGarbage(g.horizon());
            }
        } else if (entry instanceof JournalEntry.AppendLog l) {
            log.append(l.record());
        } else if (entry instanceof JournalEntry.TruncateLog t) {
            log.truncate(t.origin(), t.throughEpoch());
        } else if (entry instanceof JournalEntry.DropPartition d) {
            dropNow(d.key());
        }
    }

    private void dropNow(ChainKey key) {
        partitions.remove(key);
        ordered.remove(key);
    }

    private void applyNow(ChainKey key, Version version, List<RowWrite> writes) {
        applyNow(key, partitions.get(key), version, writes);
    }

    /** Applies to {@code p}, the key's partition already looked up, or null if it has none yet. */
    private void applyNow(ChainKey key, VersionedPartition p, Version version, List<RowWrite> writes) {
        if (p == null) {
            if (!version.isAfter(Version.ZERO)) {
                return;
            }
            p = new VersionedPartition(key);
            partitions.put(key, p);
            ordered.put(key, p);
        }
        p.apply(version, writes);
    }

    /** The partitions of one table: the keys from (table, "") up to the first key of the next table name. */
    private SortedMap<ChainKey, VersionedPartition> partitionsOf(String table) {
        return ordered.subMap(ChainKey.of(table, ""), true, ChainKey.of(table + "\0", ""), false);
    }

    private Version latestOf(ChainKey key) {
        VersionedPartition p = partitions.get(key);
        return p == null ? Version.ZERO : p.latest();
    }

    private void persist(JournalEntry entry) {
        if (journal != null) {
            journal.append(entry);
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException(CLOSED);
        }
    }

    private static void require(Object argument, String what) {
        if (argument == null) {
            throw new IllegalArgumentException("the storage engine needs " + what + ", got null");
        }
    }
}
