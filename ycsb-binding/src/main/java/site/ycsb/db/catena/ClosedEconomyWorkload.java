package site.ycsb.db.catena;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.CounterGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB+T's closed economy: {@code recordcount} accounts, each loaded with {@code initialbalance};
 * every transaction of the run phase reads two accounts and moves up to {@code maxtransfer} from
 * one to the other if the first holds that much. Money is neither made nor lost, so at the end
 * one snapshot of every account must count {@code recordcount × initialbalance}; the run prints
 * {@code [CLOSED-ECONOMY], ANOMALY SCORE, s} with s = |expected total − counted total| / transactions,
 * which is 0 unless a transaction's effects were lost, doubled or torn.
 *
 * <p>A transfer that lost a conflict runs again with the same accounts and amount, as often as
 * {@code catena.retries} allows; one that still fails is counted as given up (and wrote nothing).
 */
public class ClosedEconomyWorkload extends Workload {

    public static final String INITIAL_BALANCE = "initialbalance";
    public static final String MAX_TRANSFER = "maxtransfer";
    static final String BALANCE = "balance";
    static final String KEY_PREFIX = "account";

    private Properties properties;
    private String table;
    private int accounts;
    private long initialBalance;
    private int maxTransfer;
    private NumberGenerator accountChooser;
    private CounterGenerator loadSequence;
    private final AtomicLong transactions = new AtomicLong();
    private final AtomicLong committed = new AtomicLong();
    private final AtomicLong gaveUp = new AtomicLong();

    @Override
    public void init(Properties p) throws WorkloadException {
        properties = p;
        table = p.getProperty(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT);
        accounts = Workloads.positive(p, Client.RECORD_COUNT_PROPERTY, "1000");
        if (accounts < 2) {
            throw new WorkloadException("The closed economy moves money between two accounts; set recordcount to 2 or more.");
        }
        initialBalance = Workloads.positive(p, INITIAL_BALANCE, "1000");
        maxTransfer = Workloads.positive(p, MAX_TRANSFER, "100");
        String distribution = p.getProperty(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, "zipfian");
        accountChooser = switch (distribution) {
            case "zipfian" -> new ScrambledZipfianGenerator(0, accounts - 1);
            case "uniform" -> new UniformLongGenerator(0, accounts - 1);
            default -> throw new WorkloadException("The closed economy's " + CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY
                    + " is '" + distribution + "'; it takes zipfian or uniform.");
        };
        loadSequence = new CounterGenerator(Long.parseLong(p.getProperty(INSERT_START_PROPERTY, INSERT_START_PROPERTY_DEFAULT)));
    }

    /** Loads one account with the initial balance. */
    @Override
    public boolean doInsert(DB db, Object threadstate) {
        Map<String, ByteIterator> row = new HashMap<>();
        row.put(BALANCE, new StringByteIterator(Long.toString(initialBalance)));
        return db.insert(table, KEY_PREFIX + loadSequence.nextValue(), row).isOk();
    }

    @Override
    public boolean doTransaction(DB db, Object threadstate) {
        transactions.incrementAndGet();
        String from = KEY_PREFIX + accountChooser.nextValue();
        String to;
        do {
            to = KEY_PREFIX + accountChooser.nextValue();
        } while (to.equals(from));
        long amount = 1 + ThreadLocalRandom.current().nextInt(maxTransfer);
        String payer = from;
        String payee = to;
        Status outcome = CatenaTransactions.transact(() -> transfer(db, payer, payee, amount));
        (outcome.isOk() ? committed : gaveUp).incrementAndGet();
        return true;
    }

    private Status transfer(DB db, String from, String to, long amount) {
        Map<String, ByteIterator> payer = new HashMap<>();
        Map<String, ByteIterator> payee = new HashMap<>();
        Status s = db.read(table, from, Set.of(BALANCE), payer);
        if (s.isOk()) {
            s = db.read(table, to, Set.of(BALANCE), payee);
        }
        if (!s.isOk()) {
            return s;
        }
        long fromBalance = Long.parseLong(payer.get(BALANCE).toString());
        long toBalance = Long.parseLong(payee.get(BALANCE).toString());
        if (fromBalance < amount) {
            return Status.OK;
        }
        s = db.update(table, from, Map.of(BALANCE, new StringByteIterator(Long.toString(fromBalance - amount))));
        return s.isOk() ? db.update(table, to, Map.of(BALANCE, new StringByteIterator(Long.toString(toBalance + amount)))) : s;
    }

    /** After the run phase: counts every account at one snapshot and prints the anomaly score. */
    @Override
    public void cleanup() throws WorkloadException {
        if (transactions.get() == 0) {
            return;
        }
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < accounts; i++) {
            keys.add(KEY_PREFIX + i);
        }
        Map<String, String> balances = snapshot(keys);
        long counted = balances.values().stream().mapToLong(Long::parseLong).sum();
        long expected = (long) accounts * initialBalance;
        double score = (double) Math.abs(expected - counted) / transactions.get();
        String section = "[CLOSED-ECONOMY], ";
        System.out.println(section + "Accounts, " + accounts);
        System.out.println(section + "Missing accounts, " + (accounts - balances.size()));
        System.out.println(section + "Expected total, " + expected);
        System.out.println(section + "Counted total, " + counted);
        System.out.println(section + "Transactions, " + transactions.get());
        System.out.println(section + "Committed, " + committed.get());
        System.out.println(section + "Gave up, " + gaveUp.get());
        System.out.println(section + "ANOMALY SCORE, " + score);
    }

    private Map<String, String> snapshot(List<String> keys) throws WorkloadException {
        CatenaClient reader = new CatenaClient();
        reader.setProperties(properties);
        try {
            reader.init();
            return reader.snapshot(table, keys, BALANCE);
        } catch (DBException | RuntimeException e) {
            throw new WorkloadException("The closed economy could not read its accounts at the end: " + e.getMessage(), e);
        } finally {
            reader.cleanup();
        }
    }
}
