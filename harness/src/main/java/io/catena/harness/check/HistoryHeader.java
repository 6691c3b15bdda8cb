package io.catena.harness.check;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The first line of a history in format 2: what run wrote the history, so that a checker reading
 * the file alone judges it exactly as the run that wrote it did. The line format is documented on
 * {@link HistoryWriter}.
 *
 * @param workload         the workload as named on the command line, e.g. {@code bank:accounts=200}
 * @param regions          the regions' names, in region order
 * @param comparableClocks whether every client's {@code invoke_us} and {@code complete_us} come
 *                         from one clock (the simulator's, or one driver process's), so that times
 *                         of different sessions may be compared
 * @param tables           table name to the kind of its keys; copied, sorted
 * @param initial          what keys held before the first transaction; a key no rule names held
 *                         nothing (reads null, or an empty list)
 * @param bank             the table whose balances transfers conserve and their total, or null
 */
public record HistoryHeader(String workload, List<String> regions, boolean comparableClocks,
                            Map<String, KeyKind> tables, List<InitialValues> initial, Bank bank) {

    /** The format version a header line announces. */
    public static final int FORMAT = 2;

    /**
     * A bank: every key of {@code table} that {@link #initial} names is an account, and the balances
     * of all accounts add up to {@code total} in every snapshot.
     */
    public record Bank(String table, long total) {
        /** Requires a table. */
        public Bank {
            Objects.requireNonNull(table, "table");
        }
    }

    /**
     * Copies the collections and checks that they describe one run.
     *
     * @throws IllegalArgumentException if the bank's table is not a counter table, or an initial
     *     value does not fit its table's kind
     */
    public HistoryHeader {
        Objects.requireNonNull(workload, "workload");
        regions = List.copyOf(regions);
        tables = Collections.unmodifiableMap(new TreeMap<>(tables));
        initial = List.copyOf(initial);
        if (bank != null && tables.get(bank.table()) != KeyKind.COUNTER) {
            throw new IllegalArgumentException("the bank's table " + bank.table() + " is not declared a counter table");
        }
        for (InitialValues rule : initial) {
            KeyKind kind = tables.get(IndexedHistory.tableOf(rule.keys()));
            if (kind == KeyKind.LIST) {
                throw new IllegalArgumentException("the initial values of " + rule.keys()
                        + " are scalars, but lists start empty in this format");
            }
            if (kind == KeyKind.COUNTER && !(rule.value() instanceof OpValue.Int)) {
                throw new IllegalArgumentException("the initial values of " + rule.keys()
                        + " are counters and must be integers, not " + rule.value());
            }
        }
    }

    /** The kind of {@code key}'s table, or null if the header does not declare its table. */
    public KeyKind kindOf(String key) {
        String table = IndexedHistory.tableOf(key);
        return table == null ? null : tables.get(table);
    }

    /**
     * Every key the initial rules name, with its value.
     *
     * @throws IllegalArgumentException if two rules name one key
     */
    public Map<String, OpValue> initialValueByKey() {
        Map<String, OpValue> values = new HashMap<>();
        for (InitialValues rule : initial) {
            rule.forEach((key, value) -> {
                if (values.put(key, value) != null) {
                    throw new IllegalArgumentException("two initial values are given for " + key);
                }
            });
        }
        return values;
    }

    /**
     * The bank's accounts and total, or null if the header declares no bank.
     *
     * @throws IllegalArgumentException if no initial value names an account of the bank's table
     */
    public BankInvariant bankInvariant() {
        if (bank == null) {
            return null;
        }
        Set<String> accounts = new LinkedHashSet<>();
        for (InitialValues rule : initial) {
            rule.forEach((key, value) -> {
                if (bank.table().equals(IndexedHistory.tableOf(key))) {
                    accounts.add(key);
                }
            });
        }
        if (accounts.isEmpty()) {
            throw new IllegalArgumentException("the bank's table " + bank.table() + " has no account with an initial value");
        }
        return BankInvariant.of(accounts, bank.total());
    }
}
