package io.catena.storage.conformance;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The simplest possible statement of one chain key's versioned history: the list of accepted
 * commits, folded by hand on every read. The randomized conformance test compares an engine with
 * it. Not thread-safe; owned by one test.
 */
final class PartitionModel {

    private final ChainKey key;
    private final List<Commit> commits = new ArrayList<>();
    private Version horizon = Version.ZERO;

    PartitionModel(ChainKey key) {
        this.key = key;
    }

    ChainKey key() {
        return key;
    }

    /** Records a commit if it is newer than every accepted one; false if an engine must ignore it. */
    boolean apply(Version version, List<RowWrite> writes) {
        if (!version.isAfter(latest())) {
            return false;
        }
        commits.add(new Commit(version, List.copyOf(writes)));
        return true;
    }

    /** Moves the horizon up to {@code newHorizon}; callers only collect at or below {@link #latest()}. */
    void collectGarbage(Version newHorizon) {
        horizon = Version.max(horizon, newHorizon);
    }

    Version latest() {
        return commits.isEmpty() ? Version.ZERO : commits.get(commits.size() - 1).version();
    }

    Version horizon() {
        return horizon;
    }

    List<Commit> commits() {
        return Collections.unmodifiableList(commits);
    }

    boolean hasLiveRows() {
        return !rowsAt(Version.MAX).isEmpty();
    }

    /** The rows as of {@code atOrBelow}: every accepted commit at or below it, in order. */
    SortedMap<String, Row> rowsAt(Version atOrBelow) {
        TreeMap<String, Row> rows = new TreeMap<>();
        for (Commit c : commits) {
            if (c.version().isAfter(atOrBelow)) {
                break;
            }
            for (RowWrite w : c.writes()) {
                if (w.isDelete()) {
                    rows.remove(w.clustering());
                } else {
                    rows.put(w.clustering(), w.row());
                }
            }
        }
        return rows;
    }

    /**
     * Versions worth reading at: zero, every commit's version, its neighbours, the end of its
     * epoch, and {@link Version#MAX}.
     */
    List<Version> interestingVersions() {
        TreeSet<Version> versions = new TreeSet<>();
        versions.add(Version.ZERO);
        versions.add(Version.MAX);
        for (Commit c : commits) {
            Version v = c.version();
            versions.add(v);
            versions.add(v.predecessor());
            versions.add(Version.endOf(v.epoch()));
            if (v.rank() < Integer.MAX_VALUE) {
                versions.add(Version.of(v.epoch(), v.rank() + 1));
            }
        }
        return new ArrayList<>(versions);
    }

    /** One accepted commit. */
    record Commit(Version version, List<RowWrite> writes) {
    }
}
