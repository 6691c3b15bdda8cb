package io.catena.simulation.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.simulation.check.BankInvariant;
import io.catena.simulation.engine.SimRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Bank transfers: move money between two accounts unless the source would go negative (a
 * deterministic abort), and read-only audits that read every balance. Money is conserved: every
 * audit and every region's final state must add up to the initial total.
 */
public final class BankWorkload implements Workload {

    public static final String TABLE = "accounts";
    public static final String COLUMN = "balance";

    private final KeyChooser accounts;
    private final long initialBalance;
    private final long maxTransfer;
    private final double auditFraction;

    public BankWorkload(KeyChooser accounts, long initialBalance, long maxTransfer, double auditFraction) {
        this.accounts = accounts;
        this.initialBalance = initialBalance;
        this.maxTransfer = maxTransfer;
        this.auditFraction = auditFraction;
    }

    @Override
    public String name() {
        return "bank(" + accounts.records() + " accounts, " + accounts + ")";
    }

    public static RowKey account(int i) {
        return RowKey.of(TABLE, "a" + i);
    }

    @Override
    public Map<ChainKey, List<RowWrite>> initialData() {
        Map<ChainKey, List<RowWrite>> data = new LinkedHashMap<>();
        for (int i = 0; i < accounts.records(); i++) {
            data.put(account(i).chainKey(), List.of(RowWrite.put("", Row.of(COLUMN, initialBalance))));
        }
        return data;
    }

    @Override
    public List<String> tables() {
        return List.of(TABLE);
    }

    @Override
    public BankInvariant bankInvariant() {
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < accounts.records(); i++) {
            names.add(account(i).toString());
        }
        return BankInvariant.of(names, initialBalance * accounts.records());
    }

    @Override
    public ClientTxn next(SimRandom random, UniqueValues unique) {
        if (random.chance(auditFraction)) {
            List<RowKey> rows = new ArrayList<>();
            List<Step> steps = new ArrayList<>();
            for (int i = 0; i < accounts.records(); i++) {
                rows.add(account(i));
                steps.add(Step.read(account(i), COLUMN));
            }
            return ClientTxn.readOnly(rows, steps);
        }
        int[] pair = accounts.distinct(random, 2);
        long amount = 1 + random.nextLong(maxTransfer);
        RowKey from = account(pair[0]);
        RowKey to = account(pair[1]);
        List<Op> ops = List.of(
                new Op.Check(from, new Condition.Compare(COLUMN, Condition.Comparison.GE, Datum.of(amount))),
                new Op.Update(from, new UpdateFn.Add(COLUMN, -amount)),
                new Op.Update(to, new UpdateFn.Add(COLUMN, amount)));
        return ClientTxn.readWrite(new TxnSpec.AdHoc(ops),
                List.of(Step.add(from, COLUMN, -amount), Step.add(to, COLUMN, amount)));
    }
}
