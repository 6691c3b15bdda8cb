package io.catena.harness.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.harness.SeededRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The paper's micro-benchmark records (§III-B, §VII-C): each transaction reads or writes 1 to k
 * records chosen uniformly or by Zipf, and records have different sizes, so accesses take
 * different times. Written values are unique, so reads can be checked.
 *
 * <p>Writes come in two forms. {@link Writes#READ_MODIFY_WRITE} (the default) reads a record and
 * writes it in the same step, as Elle's rw-register workload does: the history then shows which
 * value each write replaced, so a checker can infer every record's version order and with it the
 * write and anti-dependencies between transactions. {@link Writes#BLIND} sets the value without
 * reading it, as the paper's figures do; no checker can order blind writes, so G2 goes nearly
 * unseen there. Both forms draw the same random numbers, so a seed picks the same records.
 */
public final class KeyValueWorkload implements Workload {

    public static final String TABLE = "kv";
    public static final String VALUE = "v";
    public static final String PAYLOAD = "p";

    /** How a transaction writes a record. */
    public enum Writes {
        /** Read the record, then set a new unique value, in one step. */
        READ_MODIFY_WRITE,
        /** Set a new unique value without reading (the paper's figures). */
        BLIND
    }

    private final KeyChooser keys;
    private final int minKeys;
    private final int maxKeys;
    private final double writeFraction;
    private final double readOnlyFraction;
    private final int[] sizes;
    private final Writes writes;

    public KeyValueWorkload(KeyChooser keys, int minKeys, int maxKeys, double writeFraction, double readOnlyFraction,
                            long sizeSeed) {
        this(keys, minKeys, maxKeys, writeFraction, readOnlyFraction, sizeSeed, Writes.READ_MODIFY_WRITE);
    }

    public KeyValueWorkload(KeyChooser keys, int minKeys, int maxKeys, double writeFraction, double readOnlyFraction,
                            long sizeSeed, Writes writes) {
        this.writes = writes;
        this.keys = keys;
        this.minKeys = minKeys;
        this.maxKeys = maxKeys;
        this.writeFraction = writeFraction;
        this.readOnlyFraction = readOnlyFraction;
        this.sizes = recordSizes(keys.records(), sizeSeed);
    }

    /** Record sizes between about 64 B and 4 KB, log-uniform, fixed by a seed. */
    private static int[] recordSizes(int records, long seed) {
        SeededRandom r = new SeededRandom(seed).fork("record-sizes");
        int[] s = new int[records];
        for (int i = 0; i < records; i++) {
            s[i] = (int) Math.round(Math.exp(Math.log(64) + r.nextDouble() * (Math.log(4096) - Math.log(64))));
        }
        return s;
    }

    @Override
    public String name() {
        return "kv(" + keys.records() + " records, " + minKeys + "-" + maxKeys + " keys, " + keys
                + (writes == Writes.BLIND ? ", blind writes" : "") + ")";
    }

    public static RowKey record(int i) {
        return RowKey.of(TABLE, "r" + i);
    }

    @Override
    public Map<ChainKey, List<RowWrite>> initialData() {
        Map<ChainKey, List<RowWrite>> data = new LinkedHashMap<>();
        for (int i = 0; i < keys.records(); i++) {
            // No initial value: a read before any write sees none, which the checker understands.
            Row row = Row.of(PAYLOAD, "x".repeat(sizes[i]));
            data.put(record(i).chainKey(), List.of(RowWrite.put("", row)));
        }
        return data;
    }

    @Override
    public List<String> tables() {
        return List.of(TABLE);
    }

    @Override
    public ClientTxn next(SeededRandom random, UniqueValues unique) {
        int count = minKeys + random.nextInt(maxKeys - minKeys + 1);
        int[] picked = keys.distinct(random, count);
        if (random.chance(readOnlyFraction)) {
            List<RowKey> rows = new ArrayList<>();
            List<Step> steps = new ArrayList<>();
            for (int k : picked) {
                rows.add(record(k));
                steps.add(Step.read(record(k), VALUE));
            }
            return ClientTxn.readOnly(rows, steps);
        }
        List<Op> ops = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        int writeAt = random.nextInt(picked.length);
        for (int i = 0; i < picked.length; i++) {
            RowKey k = record(picked[i]);
            if (i == writeAt || random.chance(writeFraction)) {
                String v = Long.toString(unique.next(), 36);
                if (writes == Writes.READ_MODIFY_WRITE) {
                    ops.add(new Op.Read(k));
                    steps.add(Step.read(k, VALUE));
                }
                ops.add(new Op.Update(k, new UpdateFn.SetField(VALUE, Datum.of(v))));
                steps.add(Step.write(k, VALUE, v));
            } else {
                ops.add(new Op.Read(k));
                steps.add(Step.read(k, VALUE));
            }
        }
        return ClientTxn.readWrite(new TxnSpec.AdHoc(ops), steps);
    }
}
