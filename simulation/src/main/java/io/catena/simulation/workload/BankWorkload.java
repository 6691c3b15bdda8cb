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
import io.catena.simulation.check.InitialValues;
import io.catena.simulation.check.KeyKind;
import io.catena.simulation.check.OpValue;
import io.catena.simulation.engine.SimRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Bank transfers: move money between two accounts unless the source would go negative (a
 * deterministic abort); optionally multi-key updates that split an amount from one account over
 * two others; read-only audits that read every balance; and optionally read-only balance checks
 * of a few accounts. Money is conserved: every audit and
 * every region's final state must add up to the initial total.
 *
 * <p>Accounts may live as rows of a few branch partitions ({@link BankAccounts}); an audit then
 * reads them by key, as whole partitions, or some each way ({@link AuditReads}), all in one
 * snapshot, so the total checks that partition reads and key reads see one and the same cut.
 */
public final class BankWorkload implements Workload {

    public static final String TABLE = "accounts";
    public static final String COLUMN = "balance";

    /** How an audit reads the balances. */
    public enum AuditReads {
        /** Every account by its key. */
        ROWS,
        /** Every partition holding accounts, whole. */
        PARTITIONS,
        /** Each partition whole or its accounts by key, by a coin toss per partition. */
        MIXED
    }

    /**
     * The mix of transactions.
     *
     * @param audit  share of transactions that are read-only audits of every balance
     * @param split  share of read-write transactions that are three-account splits
     * @param lookup share of non-audit transactions that are read-only checks of three balances
     */
    public record Shares(double audit, double split, double lookup) {
    }

    private final KeyChooser accounts;
    private final BankAccounts layout;
    private final AuditReads auditReads;
    private final long initialBalance;
    private final long maxTransfer;
    private final Shares shares;

    public BankWorkload(KeyChooser accounts, long initialBalance, long maxTransfer, double auditFraction) {
        this(accounts, initialBalance, maxTransfer, new Shares(auditFraction, 0, 0), 0, AuditReads.ROWS);
    }

    /**
     * @param branches   partitions the accounts live in, or 0 for a partition per account
     * @param auditReads how audits read the balances
     */
    public BankWorkload(KeyChooser accounts, long initialBalance, long maxTransfer, Shares shares, int branches,
                        AuditReads auditReads) {
        if (shares.split() > 0 && accounts.records() < 3) {
            throw new IllegalArgumentException("three-account splits need at least 3 accounts");
        }
        this.accounts = accounts;
        this.layout = new BankAccounts(accounts.records(), branches);
        this.auditReads = auditReads;
        this.initialBalance = initialBalance;
        this.maxTransfer = maxTransfer;
        this.shares = shares;
    }

    @Override
    public String name() {
        return "bank(" + accounts.records() + " accounts, " + accounts
                + (layout.branches() == 0 ? "" : ", " + layout.branches() + " branches")
                + (auditReads == AuditReads.ROWS ? "" : ", audits read " + auditReads.name().toLowerCase()) + ")";
    }

    private RowKey account(int i) {
        return layout.account(i);
    }

    @Override
    public Map<ChainKey, List<RowWrite>> initialData() {
        Map<ChainKey, List<RowWrite>> data = new LinkedHashMap<>();
        for (int i = 0; i < accounts.records(); i++) {
            RowKey account = account(i);
            data.computeIfAbsent(account.chainKey(), k -> new ArrayList<>())
                    .add(RowWrite.put(account.clustering(), Row.of(COLUMN, initialBalance)));
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
    public KeyKind keyKind(String table) {
        return TABLE.equals(table) ? KeyKind.COUNTER : Workload.super.keyKind(table);
    }

    /** Every account holds the initial balance; with branches, account i lives in branch i mod branches. */
    @Override
    public List<InitialValues> initialValues() {
        String template = layout.branches() == 0 ? TABLE + "/a{i}" : TABLE + "/b{i%" + layout.branches() + "}#a{i}";
        return List.of(new InitialValues(template, 0, accounts.records() - 1, OpValue.of(initialBalance)));
    }

    @Override
    public ClientTxn next(SimRandom random, UniqueValues unique) {
        if (random.chance(shares.audit())) {
            return audit(random);
        }
        // Drawn only when lookups or splits are on, so existing seeds replay exactly as before.
        if (shares.lookup() > 0 && random.chance(shares.lookup())) {
            return lookup(random);
        }
        if (shares.split() > 0 && random.chance(shares.split())) {
            return split(random);
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

    /**
     * Reads every balance from one snapshot; the history records a read of every account however
     * it was read, so the bank checker totals them alike.
     */
    private ClientTxn audit(SimRandom random) {
        List<RowKey> rows = new ArrayList<>();
        List<ChainKey> partitions = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < accounts.records(); i++) {
            steps.add(Step.read(account(i), COLUMN));
        }
        if (auditReads == AuditReads.ROWS) {
            for (int i = 0; i < accounts.records(); i++) {
                rows.add(account(i));
            }
            return ClientTxn.readOnly(rows, steps);
        }
        for (ChainKey p : layout.partitions()) {
            // The coin is drawn only in mixed audits, so the other modes draw nothing here.
            if (auditReads == AuditReads.PARTITIONS || random.nextBoolean()) {
                partitions.add(p);
            } else {
                rows.addAll(layout.accountsOf(p));
            }
        }
        return ClientTxn.readOnly(rows, partitions, steps);
    }

    /** Reads three balances from one snapshot. */
    private ClientTxn lookup(SimRandom random) {
        int[] three = accounts.distinct(random, Math.min(3, accounts.records()));
        List<RowKey> rows = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        for (int i : three) {
            rows.add(account(i));
            steps.add(Step.read(account(i), COLUMN));
        }
        return ClientTxn.readOnly(rows, steps);
    }

    /** Moves {@code 2x} out of one account and {@code x} into each of two others, if the first has it. */
    private ClientTxn split(SimRandom random) {
        int[] three = accounts.distinct(random, 3);
        long amount = 1 + random.nextLong(maxTransfer / 2 + 1);
        RowKey from = account(three[0]);
        RowKey to1 = account(three[1]);
        RowKey to2 = account(three[2]);
        List<Op> ops = List.of(
                new Op.Check(from, new Condition.Compare(COLUMN, Condition.Comparison.GE, Datum.of(2 * amount))),
                new Op.Update(from, new UpdateFn.Add(COLUMN, -2 * amount)),
                new Op.Update(to1, new UpdateFn.Add(COLUMN, amount)),
                new Op.Update(to2, new UpdateFn.Add(COLUMN, amount)));
        return ClientTxn.readWrite(new TxnSpec.AdHoc(ops), List.of(Step.add(from, COLUMN, -2 * amount),
                Step.add(to1, COLUMN, amount), Step.add(to2, COLUMN, amount)));
    }
}
