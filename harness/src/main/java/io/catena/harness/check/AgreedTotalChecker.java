package io.catena.harness.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Checks, without knowing a bank's total, that transfers conserve it: every committed transaction
 * that reads every key of a counter table must see the same total, and each one that sees another
 * total than the most common one (the earliest such total in invocation order, on a tie) counts one
 * bank-total-mismatch.
 *
 * <p>This is what a history without a header can check of a bank: a counter table is a table (the
 * part of a key before its first {@code /}) one of whose keys is added to, and its keys are every
 * key of that table the history names, added to or only read. It assumes, as the bank does, that
 * adds move amounts between the table's keys; a history that says which tables hold a bank is
 * checked against the bank's total by the {@link BankChecker} instead. Keys without a table are not
 * grouped. Balances are read as {@link BalanceRead} says. Stateless; thread-safe.
 */
final class AgreedTotalChecker {

    void check(IndexedHistory history, CheckReport.Builder report) {
        long fullReads = 0;
        for (Map.Entry<String, Set<String>> table : counterTables(history).entrySet()) {
            fullReads += checkTable(history, table.getKey(), table.getValue(), report);
        }
        report.info("counter-table-full-reads", fullReads);
    }

    /** Table name to its keys, for every table with a counter key. */
    private static Map<String, Set<String>> counterTables(IndexedHistory history) {
        Set<String> tables = new TreeSet<>();
        for (String key : history.keys()) {
            String table = IndexedHistory.tableOf(key);
            if (table != null && history.isCounterKey(key)) {
                tables.add(table);
            }
        }
        Map<String, Set<String>> keysByTable = new TreeMap<>();
        for (String key : history.keys()) {
            String table = IndexedHistory.tableOf(key);
            if (table != null && tables.contains(table) && !history.isListKey(key)) {
                keysByTable.computeIfAbsent(table, t -> new TreeSet<>()).add(key);
            }
        }
        return keysByTable;
    }

    /** Checks the full reads of one table; returns how many there were. */
    private static long checkTable(IndexedHistory history, String table, Set<String> keys,
                                   CheckReport.Builder report) {
        List<Integer> readers = new ArrayList<>();
        List<Long> totals = new ArrayList<>();
        Map<Long, Integer> readersByTotal = new LinkedHashMap<>();
        for (int txn = 0; txn < history.size(); txn++) {
            if (!history.event(txn).committed()) {
                continue;
            }
            BalanceRead read = BalanceRead.of(history.event(txn), keys);
            if (read.readAll(keys)) {
                readers.add(txn);
                totals.add(read.total());
                readersByTotal.merge(read.total(), 1, Integer::sum);
            }
        }
        long common = mostCommon(readersByTotal);
        int agreeing = readersByTotal.getOrDefault(common, 0);
        for (int i = 0; i < readers.size(); i++) {
            if (totals.get(i) != common) {
                int txn = readers.get(i);
                long total = totals.get(i);
                report.report(Anomaly.BANK_TOTAL_MISMATCH, () -> history.id(txn) + " read " + table
                        + " adding up to " + total + ", not the " + common + " that " + agreeing
                        + " other full reads saw");
            }
        }
        return readers.size();
    }

    /** The total most readers saw; on a tie, the one seen first. */
    private static long mostCommon(Map<Long, Integer> readersByTotal) {
        long common = 0;
        int most = 0;
        for (Map.Entry<Long, Integer> e : readersByTotal.entrySet()) {
            if (e.getValue() > most) {
                common = e.getKey();
                most = e.getValue();
            }
        }
        return common;
    }
}
