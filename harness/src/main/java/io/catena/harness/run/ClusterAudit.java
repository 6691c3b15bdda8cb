package io.catena.harness.run;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.spi.StorageEngine;
import io.catena.harness.check.CheckReport;
import io.catena.harness.check.FinalLists;
import io.catena.harness.check.HistoryChecker;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.workload.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeSet;

/**
 * The end-of-run audit of a cluster, simulated or real: the client-observed history checked
 * together with every region's final state (list values for list-append, balances for the bank),
 * and the chain keys whose final rows differ between regions.
 */
public final class ClusterAudit {

    /** One region's name and its store, as the run left it. */
    public record RegionState(String name, StorageEngine store) {

        /** The latest rows of every non-empty partition of {@code table}. */
        public SortedMap<ChainKey, SortedMap<String, Row>> dumpLatest(String table) {
            return StoreDump.latest(store, table);
        }
    }

    private ClusterAudit() {
    }

    /**
     * Checks {@code history} as its file would be checked, with the checker configured from
     * {@code header} (see {@link RunHeader}), and against the regions' final states.
     */
    public static CheckReport check(HistoryHeader header, Workload w, List<RegionState> regions,
                                    List<HistoryEvent> history) {
        return check(header, finalLists(w, regions), header.bank() == null ? Map.of() : balances(w, regions),
                history);
    }

    /**
     * Checks {@code history} as {@link #check(HistoryHeader, Workload, List, List)} does, against
     * final states already read from the regions: {@code finalLists}, and {@code finalBalances}
     * (region to account to balance; empty without a bank).
     */
    public static CheckReport check(HistoryHeader header, FinalLists finalLists,
                                    Map<String, Map<String, Long>> finalBalances, List<HistoryEvent> history) {
        HistoryChecker.Builder checker = HistoryChecker.builder().header(header).finalLists(finalLists);
        if (header.bank() != null) {
            checker.finalBalances(finalBalances);
        }
        return checker.build().check(history);
    }

    /**
     * Every region's final list of every key of the workload's list tables; {@link FinalLists#NONE}
     * if it has none, so that a workload without lists is not judged on final lists.
     */
    public static FinalLists finalLists(Workload w, List<RegionState> regions) {
        if (w.tables().stream().noneMatch(w::listTable)) {
            return FinalLists.NONE;
        }
        Map<String, Map<String, List<Long>>> lists = new LinkedHashMap<>();
        for (RegionState r : regions) {
            Map<String, List<Long>> byKey = new LinkedHashMap<>();
            for (String table : w.tables()) {
                if (w.listTable(table)) {
                    r.dumpLatest(table).forEach((key, rows) -> byKey.put(key.toString(), listOf(rows)));
                }
            }
            lists.put(r.name(), byKey);
        }
        return new FinalLists(lists);
    }

    /** Every region's balance per account (every row of the bank's partitions), for the bank workload. */
    public static Map<String, Map<String, Long>> balances(Workload w, List<RegionState> regions) {
        Map<String, Map<String, Long>> balances = new LinkedHashMap<>();
        for (RegionState r : regions) {
            Map<String, Long> byAccount = new LinkedHashMap<>();
            for (String table : w.tables()) {
                r.dumpLatest(table).forEach((key, rows) -> rows.forEach((clustering, row) ->
                        byAccount.put(new RowKey(key, clustering).toString(), row.getLong("balance", 0))));
            }
            balances.put(r.name(), byAccount);
        }
        return balances;
    }

    private static List<Long> listOf(SortedMap<String, Row> rows) {
        List<Long> out = new ArrayList<>();
        Row row = rows.get("");
        Datum d = row == null ? null : row.getOrNull("v");
        if (d instanceof Datum.Seq seq) {
            for (Datum e : seq.values()) {
                out.add(((Datum.Int64) e).value());
            }
        }
        return out;
    }

    /** Chain keys of the workload's tables whose latest rows differ between any two regions. */
    public static long divergentKeys(Workload w, List<RegionState> regions) {
        long divergent = 0;
        for (String table : w.tables()) {
            List<SortedMap<ChainKey, SortedMap<String, Row>>> dumps = new ArrayList<>();
            for (RegionState r : regions) {
                dumps.add(r.dumpLatest(table));
            }
            TreeSet<ChainKey> keys = new TreeSet<>();
            dumps.forEach(d -> keys.addAll(d.keySet()));
            for (ChainKey k : keys) {
                SortedMap<String, Row> first = dumps.get(0).get(k);
                for (SortedMap<ChainKey, SortedMap<String, Row>> d : dumps) {
                    if (!Objects.equals(first, d.get(k))) {
                        divergent++;
                        break;
                    }
                }
            }
        }
        return divergent;
    }

    /** Rows of the workload's tables in one region (to report how much state was compared). */
    public static long rows(Workload w, RegionState region) {
        long n = 0;
        for (String table : w.tables()) {
            for (SortedMap<String, Row> rows : region.dumpLatest(table).values()) {
                n += rows.size();
            }
        }
        return n;
    }
}
