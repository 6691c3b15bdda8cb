package io.catena.harness.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.harness.check.BankInvariant;
import io.catena.harness.check.InitialValues;
import io.catena.harness.check.KeyKind;
import io.catena.harness.check.OpValue;
import io.catena.harness.SeededRandom;
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
 * <p>By default a payment checks and debits its payer on its first hop. With the payer last
 * ({@link PayerHop#LAST}) it credits the payees first, so the check that may abort it sits on a
 * later hop than writes; and some payments may be calls of the registered {@link BankPayment},
 * whose last hop aborts the same way. A chain server that let later transactions read those
 * credits before the payer's hop had run would create money whenever the payment aborts.
 *
 * <p>Accounts may live as rows of a few branch partitions ({@link BankAccounts}); an audit then
 * reads them by key, as whole partitions, or some each way ({@link AuditReads}), all in one
 * snapshot, so the total checks that partition reads and key reads see one and the same cut.
 *
 * <p>Some transfers may be interactive ({@link ClientTxn#interactive}): they read both balances
 * at a snapshot and, if the payer has the amount, set both to their new absolute values, which
 * only the checks that neither balance changed since the snapshot make right. A lost update
 * creates or destroys money, which the audits, the final totals and the final balances (each the
 * initial balance plus the committed adds the history records of it) all see.
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

    /** Where a payment checks and debits its payer. */
    public enum PayerHop {
        /** The payer's hop comes first, the payees' after it: the bank as it always was. */
        FIRST,
        /** The payees are credited first and the payer's check and debit come last. */
        LAST
    }

    /**
     * The mix of transactions.
     *
     * @param audit  share of transactions that are read-only audits of every balance
     * @param split  share of read-write transactions that are three-account splits
     * @param lookup share of non-audit transactions that are read-only checks of three balances
     * @param calls  share of transfers and splits made as calls of {@link BankPayment}
     * @param interactive share of two-account transfers made as interactive transactions
     */
    public record Shares(double audit, double split, double lookup, double calls, double interactive) {
    }

    /**
     * How the bank is laid out and how its transactions read and pay.
     *
     * @param branches   partitions the accounts live in, or 0 for a partition per account
     * @param auditReads how audits read the balances
     * @param payer      where an ad-hoc payment checks and debits its payer
     */
    public record Form(int branches, AuditReads auditReads, PayerHop payer) {
        /** A partition per account, audits by key, the payer first. */
        public static final Form CLASSIC = new Form(0, AuditReads.ROWS, PayerHop.FIRST);
    }

    private final KeyChooser accounts;
    private final BankAccounts layout;
    private final Form form;
    private final long initialBalance;
    private final long maxTransfer;
    private final Shares shares;

    public BankWorkload(KeyChooser accounts, long initialBalance, long maxTransfer, double auditFraction) {
        this(accounts, initialBalance, maxTransfer, new Shares(auditFraction, 0, 0, 0, 0), Form.CLASSIC);
    }

    public BankWorkload(KeyChooser accounts, long initialBalance, long maxTransfer, Shares shares, Form form) {
        if (shares.split() > 0 && accounts.records() < 3) {
            throw new IllegalArgumentException("three-account splits need at least 3 accounts");
        }
        this.accounts = accounts;
        this.layout = new BankAccounts(accounts.records(), form.branches());
        this.form = form;
        this.initialBalance = initialBalance;
        this.maxTransfer = maxTransfer;
        this.shares = shares;
    }

    @Override
    public String name() {
        return "bank(" + accounts.records() + " accounts, " + accounts
                + (layout.branches() == 0 ? "" : ", " + layout.branches() + " branches")
                + (form.auditReads() == AuditReads.ROWS ? "" : ", audits read " + form.auditReads().name().toLowerCase())
                + (form.payer() == PayerHop.FIRST ? "" : ", payer last")
                + (shares.calls() == 0 ? "" : ", " + Math.round(shares.calls() * 100) + "% procedure calls")
                + (shares.interactive() == 0 ? "" : ", " + Math.round(shares.interactive() * 100) + "% interactive")
                + ")";
    }

    @Override
    public ProcedureRegistry procedures() {
        return ProcedureRegistry.of(new BankPayment(layout));
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
    public ClientTxn next(SeededRandom random, UniqueValues unique) {
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
        // Drawn only when interactive transfers are on, so the other forms replay exactly as before.
        if (shares.interactive() > 0 && random.chance(shares.interactive())) {
            return interactiveTransfer(account(pair[0]), account(pair[1]), amount);
        }
        return payment(random, pair[0], new int[] {pair[1]}, amount);
    }

    /**
     * Reads both balances, then sets them to their new values if {@code from} has {@code amount},
     * or writes nothing. The history records the reads, then the move as adds, never a read right
     * before a debit: the transaction decided on its snapshot, no check compared the balance
     * (which {@code DebitGuards} would take a read there for).
     */
    private static ClientTxn interactiveTransfer(RowKey from, RowKey to, long amount) {
        return ClientTxn.interactive(List.of(from, to), List.of(Step.read(from, COLUMN), Step.read(to, COLUMN)),
                rows -> {
                    long payer = balance(rows.get(from));
                    if (payer < amount) {
                        return new ClientTxn.Writes(List.of(), List.of());
                    }
                    return new ClientTxn.Writes(List.of(setBalance(from, payer - amount),
                            setBalance(to, balance(rows.get(to)) + amount)),
                            List.of(Step.add(from, COLUMN, -amount), Step.add(to, COLUMN, amount)));
                });
    }

    private static long balance(Row account) {
        return account == null ? 0 : account.getLong(COLUMN, 0);
    }

    private static Op setBalance(RowKey account, long balance) {
        return new Op.Update(account, new UpdateFn.SetField(COLUMN, Datum.of(balance)));
    }

    /**
     * Account {@code payer} pays {@code amount} to each of {@code payees} unless it cannot pay them
     * all: ad hoc with the payer's hop where the form puts it, or as a call of {@link BankPayment},
     * which always visits the payer last. The history lists the adds in the order of the hops.
     */
    private ClientTxn payment(SeededRandom random, int payer, int[] payees, long amount) {
        // Drawn only when calls are on, so the ad-hoc forms replay exactly as before.
        boolean call = shares.calls() > 0 && random.chance(shares.calls());
        boolean payerFirst = form.payer() == PayerHop.FIRST && !call;
        RowKey from = account(payer);
        long total = amount * payees.length;
        List<Op> ops = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        if (payerFirst) {
            debit(from, total, ops, steps);
        }
        for (int payee : payees) {
            ops.add(new Op.Update(account(payee), new UpdateFn.Add(COLUMN, amount)));
            steps.add(Step.add(account(payee), COLUMN, amount));
        }
        if (!payerFirst) {
            debit(from, total, ops, steps);
        }
        return ClientTxn.readWrite(call ? BankPayment.call(payer, payees, amount) : new TxnSpec.AdHoc(ops), steps);
    }

    /**
     * Checks that {@code from} holds {@code total}, the deterministic abort, and takes it out. The
     * history records the balance the check compared as a read just before the debit (a guard
     * read), committed or aborted, so a checker can verify the precondition either way.
     */
    private static void debit(RowKey from, long total, List<Op> ops, List<Step> steps) {
        ops.add(new Op.Check(from, new Condition.Compare(COLUMN, Condition.Comparison.GE, Datum.of(total))));
        ops.add(new Op.Update(from, new UpdateFn.Add(COLUMN, -total)));
        steps.add(Step.read(from, COLUMN));
        steps.add(Step.add(from, COLUMN, -total));
    }

    /**
     * Reads every balance from one snapshot; the history records a read of every account however
     * it was read, so the bank checker totals them alike.
     */
    private ClientTxn audit(SeededRandom random) {
        List<RowKey> rows = new ArrayList<>();
        List<ChainKey> partitions = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < accounts.records(); i++) {
            steps.add(Step.read(account(i), COLUMN));
        }
        if (form.auditReads() == AuditReads.ROWS) {
            for (int i = 0; i < accounts.records(); i++) {
                rows.add(account(i));
            }
            return ClientTxn.readOnly(rows, steps);
        }
        for (ChainKey p : layout.partitions()) {
            // The coin is drawn only in mixed audits, so the other modes draw nothing here.
            if (form.auditReads() == AuditReads.PARTITIONS || random.nextBoolean()) {
                partitions.add(p);
            } else {
                rows.addAll(layout.accountsOf(p));
            }
        }
        return ClientTxn.readOnly(rows, partitions, steps);
    }

    /** Reads three balances from one snapshot. */
    private ClientTxn lookup(SeededRandom random) {
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
    private ClientTxn split(SeededRandom random) {
        int[] three = accounts.distinct(random, 3);
        long amount = 1 + random.nextLong(maxTransfer / 2 + 1);
        return payment(random, three[0], new int[] {three[1], three[2]}, amount);
    }
}
