package io.catena.harness.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.procedure.HopContext;
import io.catena.core.procedure.Procedure;
import io.catena.core.txn.Access;
import io.catena.core.txn.Hop;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The bank's payment as a registered procedure: a payer pays {@code amount} to each of its
 * payees. The chain credits the payees first and visits the payer last, where the call aborts
 * unless the payer holds the whole sum. That is an abort on a later hop after earlier hops wrote:
 * a chain server must hold the credits until the payer's hop has run, or an aborted payment
 * creates money. When the payer shares a branch partition with a payee, its check runs on that
 * payee's hop, after the credits there.
 *
 * <p>Arguments: {@value #PAYER} (an account index), {@value #PAYEES} (a list of account indexes,
 * distinct and other than the payer) and {@value #AMOUNT} (what each payee gets, at least 1). A pure
 * function of its arguments and its hop's rows, as every procedure must be; stateless.
 */
public final class BankPayment implements Procedure {

    public static final String NAME = "bank-payment";
    public static final int VERSION = 1;
    static final String PAYER = "payer";
    static final String PAYEES = "payees";
    static final String AMOUNT = "amount";

    private final BankAccounts accounts;

    public BankPayment(BankAccounts accounts) {
        this.accounts = accounts;
    }

    /** A call in which account {@code payer} pays {@code amount} to each of {@code payees}. */
    public static TxnSpec.ProcedureCall call(int payer, int[] payees, long amount) {
        List<Datum> list = new ArrayList<>();
        for (int p : payees) {
            list.add(Datum.of(p));
        }
        Row args = Row.of(PAYER, payer).with(PAYEES, Datum.of(list)).with(AMOUNT, Datum.of(amount));
        return new TxnSpec.ProcedureCall(NAME, VERSION, args);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int version() {
        return VERSION;
    }

    @Override
    public List<Hop> hops(Row args) {
        Payment p = Payment.of(args, accounts.count());
        Set<ChainKey> keys = new LinkedHashSet<>();
        for (int payee : p.payees()) {
            keys.add(accounts.account(payee).chainKey());
        }
        keys.add(accounts.account(p.payer()).chainKey());
        List<Hop> hops = new ArrayList<>();
        for (ChainKey k : keys) {
            hops.add(new Hop(k, Access.READ_WRITE));
        }
        return hops;
    }

    @Override
    public void executeHop(int hopIndex, HopContext ctx) {
        Payment p = Payment.of(ctx.args(), accounts.count());
        for (int payee : p.payees()) {
            RowKey account = accounts.account(payee);
            if (account.chainKey().equals(ctx.key()) && !add(ctx, account, p.amount())) {
                return;
            }
        }
        RowKey payer = accounts.account(p.payer());
        if (!payer.chainKey().equals(ctx.key())) {
            return;
        }
        long total = Math.multiplyExact(p.amount(), p.payees().size());
        // Reported whether it pays or not, as an ad-hoc check reports the row it compared.
        ctx.report(payer.clustering(), ctx.read(payer.clustering()));
        long balance = balance(ctx, payer);
        if (balance < total) {
            ctx.abort("payer " + payer + " holds " + balance + ", less than the " + total + " it would pay");
            return;
        }
        add(ctx, payer, -total);
    }

    private static long balance(HopContext ctx, RowKey account) {
        Row row = ctx.read(account.clustering());
        return row == null ? 0 : row.getLong(BankWorkload.COLUMN, 0);
    }

    /** Adds {@code amount} to the balance; false (and the call aborted) if the account does not exist. */
    private static boolean add(HopContext ctx, RowKey account, long amount) {
        Row row = ctx.read(account.clustering());
        if (row == null) {
            ctx.abort("account " + account + " does not exist");
            return false;
        }
        long balance = Math.addExact(row.getLong(BankWorkload.COLUMN, 0), amount);
        ctx.write(account.clustering(), row.with(BankWorkload.COLUMN, Datum.of(balance)));
        return true;
    }

    /** A call's arguments, checked: an argument that makes no sense rejects the call before it runs. */
    private record Payment(int payer, List<Integer> payees, long amount) {

        static Payment of(Row args, int accountCount) {
            int payer = index(args.getOrNull(PAYER), accountCount);
            List<Integer> payees = new ArrayList<>();
            if (!(args.getOrNull(PAYEES) instanceof Datum.Seq seq) || seq.values().isEmpty()) {
                throw new IllegalArgumentException("a payment needs a non-empty list of payees");
            }
            for (Datum d : seq.values()) {
                int payee = index(d, accountCount);
                if (payee == payer || payees.contains(payee)) {
                    throw new IllegalArgumentException("payees must differ from each other and from the payer");
                }
                payees.add(payee);
            }
            if (!(args.getOrNull(AMOUNT) instanceof Datum.Int64 amount) || amount.value() < 1) {
                throw new IllegalArgumentException("a payment needs an integer amount of at least 1");
            }
            return new Payment(payer, payees, amount.value());
        }

        private static int index(Datum d, int accountCount) {
            if (d instanceof Datum.Int64 i && i.value() >= 0 && i.value() < accountCount) {
                return (int) i.value();
            }
            throw new IllegalArgumentException("account " + d + " is not one of the " + accountCount + " accounts");
        }
    }
}
