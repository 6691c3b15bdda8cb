package io.catena.simulation.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.simulation.engine.SimRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Elle's list-append workload: transactions append unique integers to lists and read whole
 * lists, so the checker can recover every key's version order and find any dependency cycle.
 */
public final class ListAppendWorkload implements Workload {

    public static final String TABLE = "lists";
    public static final String COLUMN = "v";

    private final KeyChooser keys;
    private final int maxOpsPerTxn;
    private final double readOnlyFraction;

    public ListAppendWorkload(KeyChooser keys, int maxOpsPerTxn, double readOnlyFraction) {
        this.keys = keys;
        this.maxOpsPerTxn = maxOpsPerTxn;
        this.readOnlyFraction = readOnlyFraction;
    }

    @Override
    public String name() {
        return "list-append(" + keys.records() + " keys, " + keys + ")";
    }

    @Override
    public Map<ChainKey, List<RowWrite>> initialData() {
        return Map.of();
    }

    @Override
    public List<String> tables() {
        return List.of(TABLE);
    }

    @Override
    public boolean listTable(String table) {
        return TABLE.equals(table);
    }

    public static RowKey key(int i) {
        return RowKey.of(TABLE, "k" + i);
    }

    @Override
    public ClientTxn next(SimRandom random, UniqueValues unique) {
        int[] picked = keys.distinct(random, 1 + random.nextInt(maxOpsPerTxn));
        if (random.chance(readOnlyFraction)) {
            List<RowKey> rows = new ArrayList<>();
            List<Step> steps = new ArrayList<>();
            for (int k : picked) {
                rows.add(key(k));
                steps.add(Step.read(key(k), COLUMN));
            }
            return ClientTxn.readOnly(rows, steps);
        }
        List<Op> ops = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        int appendAt = random.nextInt(picked.length);
        for (int i = 0; i < picked.length; i++) {
            RowKey k = key(picked[i]);
            if (i == appendAt || random.nextBoolean()) {
                long v = unique.next();
                ops.add(new Op.Update(k, new UpdateFn.Append(COLUMN, Datum.of(v))));
                steps.add(Step.append(k, COLUMN, v));
            } else {
                ops.add(new Op.Read(k));
                steps.add(Step.read(k, COLUMN));
            }
        }
        return ClientTxn.readWrite(new TxnSpec.AdHoc(ops), steps);
    }
}
