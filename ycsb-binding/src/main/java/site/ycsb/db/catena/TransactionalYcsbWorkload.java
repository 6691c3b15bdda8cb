package site.ycsb.db.catena;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.RandomByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * T-YCSB, as the dissertation's Helios evaluation runs it: every YCSB operation of the run phase is
 * a transaction of {@code operationspertransaction} (5) operations, each a read or a
 * read-modify-write of a different record ({@code readproportion}, {@code readmodifywriteproportion},
 * {@code updateproportion}), its key drawn from {@code requestdistribution} (zipfian) over the
 * {@code recordcount} records. The load phase is YCSB's core workload's.
 *
 * <p>A transaction is planned before it runs (keys, fields and new values), so that one that lost
 * a conflict runs again as the same transaction ({@link CatenaTransactions#transact}). YCSB counts
 * each operation under READ and UPDATE, and each transaction under START, COMMIT and TRANSACTION.
 */
public class TransactionalYcsbWorkload extends CoreWorkload {

    public static final String OPERATIONS_PER_TRANSACTION = "operationspertransaction";
    public static final String OPERATIONS_PER_TRANSACTION_DEFAULT = "5";

    private enum Kind { READ, UPDATE, READMODIFYWRITE }

    /** One operation of a planned transaction; {@code values} only for writes. */
    private record Step(Kind kind, String key, Set<String> fields, Map<String, String> values) {
    }

    private int operationsPerTransaction;
    private String fieldPrefix;

    @Override
    public void init(Properties p) throws WorkloadException {
        super.init(p);
        operationsPerTransaction = Workloads.positive(p, OPERATIONS_PER_TRANSACTION, OPERATIONS_PER_TRANSACTION_DEFAULT);
        fieldPrefix = p.getProperty(FIELD_NAME_PREFIX, FIELD_NAME_PREFIX_DEFAULT);
        if (recordcount < operationsPerTransaction) {
            throw new WorkloadException("A T-YCSB transaction touches " + operationsPerTransaction + " different records;"
                    + " set recordcount to at least that.");
        }
        for (String refused : List.of(INSERT_PROPORTION_PROPERTY, SCAN_PROPORTION_PROPERTY)) {
            if (Double.parseDouble(p.getProperty(refused, "0")) != 0) {
                throw new WorkloadException("T-YCSB transactions read, update and read-modify-write existing records;"
                        + " set " + refused + "=0.");
            }
        }
    }

    @Override
    public boolean doTransaction(DB db, Object threadstate) {
        List<Step> plan = plan();
        CatenaTransactions.transact(() -> run(db, plan));
        return true;
    }

    private List<Step> plan() {
        List<Step> plan = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < operationsPerTransaction; i++) {
            Kind kind = Kind.valueOf(operationchooser.nextString());
            String key;
            do {
                key = buildKeyName(nextLoadedKey());
            } while (!keys.add(key));
            String field = fieldPrefix + fieldchooser.nextValue().longValue();
            Set<String> fields = readallfields ? null : Set.of(field);
            Map<String, String> values = new LinkedHashMap<>();
            if (kind != Kind.READ) {
                for (long f = 0; f < (writeallfields ? fieldcount : 1); f++) {
                    String name = writeallfields ? fieldPrefix + f : field;
                    values.put(name, new RandomByteIterator(fieldlengthgenerator.nextValue().longValue()).toString());
                }
            }
            plan.add(new Step(kind, key, fields, values));
        }
        return plan;
    }

    /**
     * A record the load phase inserted: the key chooser's range ends one past the last (YCSB's core
     * workload redraws such keys the same way).
     */
    private long nextLoadedKey() {
        long keynum;
        do {
            keynum = keychooser.nextValue().longValue();
        } while (keynum > transactioninsertkeysequence.lastValue());
        return keynum;
    }

    /** The transaction's operations through YCSB's db (which measures each); the first failure ends it. */
    private Status run(DB db, List<Step> plan) {
        for (Step step : plan) {
            Status s = Status.OK;
            if (step.kind() != Kind.UPDATE) {
                s = db.read(table, step.key(), step.fields(), new HashMap<>());
            }
            if (s.isOk() && step.kind() != Kind.READ) {
                Map<String, ByteIterator> values = new HashMap<>();
                step.values().forEach((f, v) -> values.put(f, new StringByteIterator(v)));
                s = db.update(table, step.key(), values);
            }
            if (!s.isOk()) {
                return s;
            }
        }
        return Status.OK;
    }
}
