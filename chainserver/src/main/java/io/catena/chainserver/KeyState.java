package io.catena.chainserver;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.exec.PartitionView;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Everything a chain server knows about one chain key: its committed history (once loaded), the
 * footprints of every unfinished epoch, and the rest of its pending work ({@link KeyWork}, made on
 * first use and let go when empty, so that an idle key is this object, its empty epoch slots and
 * its history). Owned by the chain server's thread.
 */
final class KeyState {

    final ChainKey key;
    VersionedPartition committed;
    boolean loading;
    /** The load in flight started before an ownership change was handed off: load again when it ends. */
    boolean loadStale;
    /** Its writes sent to storage and not yet acknowledged there, retries included. */
    int appliesInFlight;
    /** Snapshot reads of it waiting for another of their keys to load: it stays in memory for them. */
    int readsWaiting;
    /** What {@link ChainKeys} counts of it against the memory budget, as last estimated. */
    long cachedBytes;
    final EpochSlots epochs = new EpochSlots();
    /** Null while nothing is pending: read through the accessors below, written through {@link #work()}. */
    private KeyWork work;

    KeyState(ChainKey key) {
        this.key = key;
    }

    boolean loaded() {
        return committed != null;
    }

    /** Its pending work, made if it has none: for adding to it. */
    KeyWork work() {
        if (work == null) {
            work = new KeyWork();
        }
        return work;
    }

    /** Its pending work, or null if nothing is pending: for reading or removing. */
    KeyWork pending() {
        return work;
    }

    /** Lets the pending work's collections go once they are all empty. */
    void releaseIdleWork() {
        if (work != null && work.isEmpty()) {
            work = null;
        }
    }

    void addFootprint(FootprintEntry entry) {
        if (work().footprints.putIfAbsent(entry.txn, entry) != null) {
            return;
        }
        EpochSlot slot = epochs.getOrAdd(entry.epoch());
        entry.canonical = slot.entries.size();
        slot.entries.add(entry);
        slot.contended |= entry.contended;
    }

    FootprintEntry footprint(TxnId txn) {
        return work == null ? null : work.footprints.get(txn);
    }

    boolean idle() {
        return epochs.isEmpty() && (work == null || work.isEmpty()) && !loading;
    }

    /**
     * Whether the key may leave memory to be loaded again when next needed: nothing pending or
     * loading, and every write it applied acknowledged by storage, so that a load from storage
     * returns exactly the history held here (or more of it, never less above the horizon).
     */
    boolean evictable() {
        return idle() && appliesInFlight == 0 && readsWaiting == 0 && !loadStale;
    }

    /** Forgets epochs whose every footprint is finalized. */
    void dropFinishedEpochs() {
        if (work == null) {
            return;
        }
        epochs.removeIf(slot -> {
            if (!slot.allFinalized()) {
                return false;
            }
            for (FootprintEntry e : slot.entries) {
                work.footprints.remove(e.txn);
            }
            return true;
        });
        releaseIdleWork();
    }

    void removeSpecWrite(TxnId txn) {
        if (work != null) {
            work.specStack.removeIf(w -> w.txn().equals(txn));
        }
    }

    /** The newest state speculation can see: temporary versions over the committed latest. */
    PartitionView speculativeView() {
        List<SpecWrite> specStack = work == null ? List.of() : work.specStack;
        return new PartitionView() {
            @Override
            public Row read(String clustering) {
                for (int i = specStack.size() - 1; i >= 0; i--) {
                    for (RowWrite w : specStack.get(i).writes()) {
                        if (w.clustering().equals(clustering)) {
                            return w.row();
                        }
                    }
                }
                return committed.read(clustering, committed.latest());
            }

            @Override
            public SortedMap<String, Row> scan(String from, String to) {
                TreeMap<String, Row> rows = new TreeMap<>(committed.scan(from, to, committed.latest()));
                for (SpecWrite sw : specStack) {
                    overlay(rows, sw.writes(), from, to);
                }
                return Collections.unmodifiableSortedMap(rows);
            }
        };
    }

    /**
     * The state a decided execution at {@code version} reads: the committed history just below it,
     * with the released (final, not yet applied) writes of earlier writers laid over it in version
     * order.
     */
    PartitionView decidedView(Version version) {
        List<FootprintEntry> found = List.of();
        for (int i = 0, n = epochs.countThrough(version.epoch()); i < n; i++) {
            for (FootprintEntry e : epochs.at(i).entries) {
                if (!e.released || e.state != FootprintState.COMPUTED) {
                    continue;
                }
                Version v = e.owner.version;
                if (v != null && v.isBefore(version)) {
                    if (found.isEmpty()) {
                        found = new ArrayList<>();
                    }
                    found.add(e);
                }
            }
        }
        List<FootprintEntry> released = found;
        PartitionView committedBelow = committedView(version.predecessor());
        if (released.isEmpty()) {
            return committedBelow;
        }
        released.sort((a, b) -> a.owner.version.compareTo(b.owner.version));
        return new PartitionView() {
            @Override
            public Row read(String clustering) {
                for (int i = released.size() - 1; i >= 0; i--) {
                    for (RowWrite w : released.get(i).heldWrites) {
                        if (w.clustering().equals(clustering)) {
                            return w.row();
                        }
                    }
                }
                return committedBelow.read(clustering);
            }

            @Override
            public SortedMap<String, Row> scan(String from, String to) {
                TreeMap<String, Row> rows = new TreeMap<>(committedBelow.scan(from, to));
                for (FootprintEntry e : released) {
                    overlay(rows, e.heldWrites, from, to);
                }
                return Collections.unmodifiableSortedMap(rows);
            }
        };
    }

    /** Lays {@code writes} within [from, to) over {@code rows}. */
    private static void overlay(TreeMap<String, Row> rows, List<RowWrite> writes, String from, String to) {
        for (RowWrite w : writes) {
            boolean inRange = w.clustering().compareTo(from) >= 0 && (to == null || w.clustering().compareTo(to) < 0);
            if (!inRange) {
                continue;
            }
            if (w.isDelete()) {
                rows.remove(w.clustering());
            } else {
                rows.put(w.clustering(), w.row());
            }
        }
    }

    /** The committed state as of {@code atOrBelow}. */
    PartitionView committedView(Version atOrBelow) {
        return new PartitionView() {
            @Override
            public Row read(String clustering) {
                return committed.read(clustering, atOrBelow);
            }

            @Override
            public SortedMap<String, Row> scan(String from, String to) {
                return committed.scan(from, to, atOrBelow);
            }
        };
    }
}
