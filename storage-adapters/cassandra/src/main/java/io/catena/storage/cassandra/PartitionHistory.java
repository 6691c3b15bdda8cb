package io.catena.storage.cassandra;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The stored versions of one partition as read from the {@code data} table, and what can be
 * derived from them without the server: the rows at a version, the image a chain server loads,
 * and which superseded versions garbage collection may delete. Pure and immutable once built.
 */
final class PartitionHistory {

    /** A range of one row's versions that no read at or above the horizon needs. */
    record Sweep(String clustering, Version upTo, boolean inclusive) {
    }

    /** Each row's versions, newest first. */
    private final TreeMap<String, List<StoredVersion>> rows = new TreeMap<>();

    PartitionHistory(List<StoredVersion> stored) {
        for (StoredVersion s : stored) {
            rows.computeIfAbsent(s.clustering(), c -> new ArrayList<>()).add(s);
        }
        Comparator<StoredVersion> newestFirst = Comparator.comparing(StoredVersion::version).reversed();
        rows.values().forEach(versions -> versions.sort(newestFirst));
    }

    /** Every row as of {@code atOrBelow}: its newest version at or below it, unless that is a deletion. */
    SortedMap<String, Row> rowsAt(Version atOrBelow) {
        TreeMap<String, Row> out = new TreeMap<>();
        rows.forEach((clustering, versions) -> {
            StoredVersion s = newestAtOrBelow(versions, atOrBelow);
            if (s != null && !s.isDeletion()) {
                out.put(clustering, s.row());
            }
        });
        return Collections.unmodifiableSortedMap(out);
    }

    /**
     * The image at {@code base} (the horizon): rows as of the base, then every later version's
     * writes oldest first, deletions included. {@code latest} is the key's latest applied version;
     * if its commit wrote nothing it still appears, with no writes, so a loaded history knows it.
     */
    PartitionImage image(ChainKey key, Version base, Version latest) {
        TreeMap<Version, List<RowWrite>> later = new TreeMap<>();
        rows.forEach((clustering, versions) -> {
            for (StoredVersion s : versions) {
                if (s.version().isAfter(base)) {
                    later.computeIfAbsent(s.version(), v -> new ArrayList<>()).add(new RowWrite(clustering, s.row()));
                }
            }
        });
        if (latest.isAfter(base) && (later.isEmpty() || latest.isAfter(later.lastKey()))) {
            later.put(latest, List.of());
        }
        List<PartitionImage.AppliedWrites> after = new ArrayList<>(later.size());
        for (Map.Entry<Version, List<RowWrite>> e : later.entrySet()) {
            after.add(new PartitionImage.AppliedWrites(e.getKey(), e.getValue()));
        }
        return new PartitionImage(key, base, rowsAt(base), after);
    }

    /**
     * What a collection at {@code horizon} may delete: for each row, every version older than its
     * newest at or below the horizon (which answers all reads from the horizon on), and that one
     * too if it is a deletion, since nothing older is left for it to hide.
     */
    List<Sweep> sweeps(Version horizon) {
        List<Sweep> sweeps = new ArrayList<>();
        rows.forEach((clustering, versions) -> {
            int keep = -1;
            for (int i = 0; i < versions.size(); i++) {
                if (!versions.get(i).version().isAfter(horizon)) {
                    keep = i;
                    break;
                }
            }
            if (keep < 0) {
                return;
            }
            StoredVersion kept = versions.get(keep);
            if (kept.isDeletion()) {
                sweeps.add(new Sweep(clustering, kept.version(), true));
            } else if (keep < versions.size() - 1) {
                sweeps.add(new Sweep(clustering, kept.version(), false));
            }
        });
        return sweeps;
    }

    private static StoredVersion newestAtOrBelow(List<StoredVersion> newestFirst, Version atOrBelow) {
        for (StoredVersion s : newestFirst) {
            if (!s.version().isAfter(atOrBelow)) {
                return s;
            }
        }
        return null;
    }
}
