package io.catena.chainserver;

import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.CommitPass;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.exec.PartitionView;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Everything a chain server knows about one chain key: its committed history (once loaded), the
 * footprints of every unfinished epoch, the temporary versions of speculation, and the work
 * waiting on it. Owned by the chain server's thread.
 */
final class KeyState {

    final ChainKey key;
    VersionedPartition committed;
    boolean loading;
    /** The load in flight started before an ownership change was handed off: load again when it ends. */
    boolean loadStale;
    final EpochSlots epochs = new EpochSlots();
    final Map<TxnId, FootprintEntry> footprints = new HashMap<>();
    final List<SpecWrite> specStack = new ArrayList<>();
    final LinkedHashMap<TxnId, BackwardPass> backwardWaiting = new LinkedHashMap<>();
    final LinkedHashMap<TxnId, CommitPass> commitWaiting = new LinkedHashMap<>();
    final List<Long> snapshotWaiting = new ArrayList<>();
    /** Transactions whose finalization waits here for an earlier writer to be applied first. */
    final LinkedHashSet<TxnId> finalizeWaiting = new LinkedHashSet<>();

    KeyState(ChainKey key) {
        this.key = key;
    }

    boolean loaded() {
        return committed != null;
    }

    void addFootprint(FootprintEntry entry) {
        if (footprints.putIfAbsent(entry.txn, entry) != null) {
            return;
        }
        EpochSlot slot = epochs.getOrAdd(entry.epoch());
        entry.canonical = slot.entries.size();
        slot.entries.add(entry);
        slot.contended |= entry.contended;
    }

    FootprintEntry footprint(TxnId txn) {
        return footprints.get(txn);
    }

    boolean idle() {
        return epochs.isEmpty() && backwardWaiting.isEmpty() && commitWaiting.isEmpty()
                && snapshotWaiting.isEmpty() && finalizeWaiting.isEmpty() && !loading;
    }

    /** Forgets epochs whose every footprint is finalized. */
    void dropFinishedEpochs() {
        epochs.removeIf(slot -> {
            if (!slot.allFinalized()) {
                return false;
            }
            for (FootprintEntry e : slot.entries) {
                footprints.remove(e.txn);
            }
            return true;
        });
    }

    void removeSpecWrite(TxnId txn) {
        specStack.removeIf(w -> w.txn().equals(txn));
    }

    /** The newest state speculation can see: temporary versions over the committed latest. */
    PartitionView speculativeView() {
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
