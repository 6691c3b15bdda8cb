package io.catena.microbench;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.SeededRandom;
import io.catena.harness.workload.KeyValueWorkload;
import io.catena.harness.workload.UniqueValues;
import io.catena.harness.workload.Workload;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The transactions the benchmarks send: those of the simulator's {@code kv} workload with every
 * key read-modify-written ({@code kv:records=R,min=K,max=K,write=1}, uniform), each written value
 * widened to {@link #VALUE_BYTES} bytes (the workload itself writes a few base-36 digits). The
 * workload picks the keys, so the benchmarks follow it if it changes. Deterministic for a seed;
 * not thread-safe.
 */
public final class KvTraffic {

    /** The size of every written value, in bytes (ASCII characters). */
    public static final int VALUE_BYTES = 100;

    private static final String FILLER = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    private final int records;
    private final Workload workload;
    private final SeededRandom random;
    private final UniqueValues unique = new UniqueValues(1);

    /** Transactions of {@code keysPerTxn} distinct keys among {@code records}, drawn from {@code seed}. */
    public KvTraffic(int records, int keysPerTxn, long seed) {
        this.records = records;
        this.workload = WorkloadSpec.parse("kv:records=" + records + ",min=" + keysPerTxn + ",max=" + keysPerTxn
                + ",write=1,writes=blind").create(seed);
        this.random = new SeededRandom(seed).fork("kv-traffic");
    }

    /** The next transaction. */
    public TxnSpec.AdHoc next() {
        TxnSpec.AdHoc drawn = (TxnSpec.AdHoc) workload.next(random, unique).spec();
        List<Op> ops = new ArrayList<>(drawn.ops().size());
        for (Op op : drawn.ops()) {
            Op.Update update = (Op.Update) op;
            UpdateFn.SetField set = (UpdateFn.SetField) update.fn();
            String value = ((Datum.Text) set.value()).value();
            ops.add(new Op.Update(update.key(), new UpdateFn.SetField(set.column(), Datum.of(widen(value)))));
        }
        return new TxnSpec.AdHoc(ops);
    }

    /**
     * An epoch's transactions on pairwise distinct keys: a transaction that would share a key
     * with an earlier one of the epoch is drawn again. That is the uncontended case, the common
     * one under uniform access (BENCHMARKS.md: 1.7 % of transactions conflict at 3,000 txn/s).
     */
    public List<TxnSpec.AdHoc> uncontendedEpoch(int txns) {
        List<TxnSpec.AdHoc> epoch = new ArrayList<>(txns);
        Set<ChainKey> used = new HashSet<>();
        while (epoch.size() < txns) {
            TxnSpec.AdHoc txn = next();
            List<ChainKey> keys = keysOf(txn);
            if (keys.stream().noneMatch(used::contains)) {
                used.addAll(keys);
                epoch.add(txn);
            }
        }
        return epoch;
    }

    /**
     * One single-key transaction on each record, in record order: what puts every record in a
     * chain server's memory with a committed version.
     */
    public List<TxnSpec.AdHoc> writeEveryRecord() {
        List<TxnSpec.AdHoc> txns = new ArrayList<>(records);
        for (int i = 0; i < records; i++) {
            String value = widen(Long.toString(unique.next(), 36));
            txns.add(new TxnSpec.AdHoc(List.of(new Op.Update(KeyValueWorkload.record(i),
                    new UpdateFn.SetField(KeyValueWorkload.VALUE, Datum.of(value))))));
        }
        return txns;
    }

    /** The chain keys a kv transaction touches, in hop order (each once: kv keys are distinct). */
    public static List<ChainKey> keysOf(TxnSpec.AdHoc txn) {
        List<ChainKey> keys = new ArrayList<>(txn.ops().size());
        for (Op op : txn.ops()) {
            keys.add(op.key().chainKey());
        }
        return keys;
    }

    /** A value of {@link #VALUE_BYTES} characters that starts with the workload's unique value. */
    String widen(String value) {
        StringBuilder wide = new StringBuilder(VALUE_BYTES).append(value).append('-');
        while (wide.length() < VALUE_BYTES) {
            wide.append(FILLER.charAt(random.nextInt(FILLER.length())));
        }
        return wide.toString();
    }
}
