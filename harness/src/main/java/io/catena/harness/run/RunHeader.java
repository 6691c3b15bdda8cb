package io.catena.harness.run;

import io.catena.harness.check.BankInvariant;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.check.KeyKind;
import io.catena.harness.workload.Workload;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The header of a history that clients recorded running a workload: what the workload says of its
 * keys, so that the run's own check and a later check of its file judge the history alike.
 */
public final class RunHeader {

    private RunHeader() {
    }

    /**
     * The header of a run of {@code workload}, named {@code workloadSpec} on the command line,
     * across {@code regionNames}. Every client of such a run reads one clock: the simulator's, or
     * the one driver process's that runs every client of {@code demo} and {@code bench}.
     *
     * @throws IllegalStateException if the workload's bank accounts are not the keys its initial
     *     values name in the bank's table
     */
    public static HistoryHeader of(String workloadSpec, Workload workload, List<String> regionNames) {
        Map<String, KeyKind> tables = new LinkedHashMap<>();
        for (String table : workload.tables()) {
            tables.put(table, workload.keyKind(table));
        }
        BankInvariant bank = workload.bankInvariant();
        HistoryHeader header = new HistoryHeader(workloadSpec, regionNames, true, tables, workload.initialValues(),
                bank == null ? null : new HistoryHeader.Bank(tableOf(bank), bank.initialTotal()));
        if (bank != null && !header.bankInvariant().accounts().equals(bank.accounts())) {
            throw new IllegalStateException("workload " + workloadSpec + " keeps a bank whose accounts are not the keys"
                    + " its initial values name in table " + header.bank().table());
        }
        return header;
    }

    private static String tableOf(BankInvariant bank) {
        String account = bank.accounts().iterator().next();
        int slash = account.indexOf('/');
        if (slash < 0) {
            throw new IllegalStateException("the bank account " + account + " names no table");
        }
        return account.substring(0, slash);
    }
}
