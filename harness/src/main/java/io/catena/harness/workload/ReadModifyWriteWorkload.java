package io.catena.harness.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.txn.Op;
import io.catena.harness.SeededRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Interactive read-modify-write transactions on registers: each reads 1 to {@code maxReads}
 * registers at one snapshot, then writes a fresh unique value to at least one of them, and commits
 * only if none of the registers it read changed in between ({@link ClientTxn#interactive}).
 *
 * <p>Its history is Elle's rw-register history: every committed transaction read each register it
 * wrote, so the checker orders every register's versions and finds the write and
 * anti-dependencies between transactions. Two committed transactions that replaced the same value
 * (a lost update, which the checks exist to prevent) form a cycle of anti-dependencies, and so do
 * two that each replaced a value the other read (write skew). Registers start absent, so the checks
 * compare absent rows too.
 */
public final class ReadModifyWriteWorkload implements Workload {

    public static final String TABLE = "rmw";
    public static final String VALUE = "v";

    private final KeyChooser keys;
    private final int maxReads;
    private final double writeFraction;

    /**
     * @param maxReads      registers read by a transaction at most (at least one)
     * @param writeFraction the chance that each register read is also written (one always is)
     */
    public ReadModifyWriteWorkload(KeyChooser keys, int maxReads, double writeFraction) {
        if (keys.records() < 1) {
            throw new IllegalArgumentException("workload parameter keys=" + keys.records() + " is not at least 1");
        }
        if (maxReads < 1 || maxReads > keys.records()) {
            throw new IllegalArgumentException("workload parameter max=" + maxReads + " is not between 1 and keys="
                    + keys.records());
        }
        if (!(writeFraction >= 0 && writeFraction <= 1)) {
            throw new IllegalArgumentException("workload parameter write=" + writeFraction + " is not between 0 and 1");
        }
        this.keys = keys;
        this.maxReads = maxReads;
        this.writeFraction = writeFraction;
    }

    public static RowKey register(int i) {
        return RowKey.of(TABLE, "k" + i);
    }

    @Override
    public String name() {
        return "rmw(" + keys.records() + " registers, 1-" + maxReads + " read, " + keys + ")";
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
    public ClientTxn next(SeededRandom random, UniqueValues unique) {
        int[] picked = keys.distinct(random, 1 + random.nextInt(maxReads));
        int writeAt = random.nextInt(picked.length);
        List<RowKey> reads = new ArrayList<>();
        List<Step> readSteps = new ArrayList<>();
        List<Op> writes = new ArrayList<>();
        List<Step> writeSteps = new ArrayList<>();
        for (int i = 0; i < picked.length; i++) {
            RowKey k = register(picked[i]);
            reads.add(k);
            readSteps.add(Step.read(k, VALUE));
            if (i == writeAt || random.chance(writeFraction)) {
                String v = Long.toString(unique.next(), 36);
                writes.add(new Op.Write(k, Row.of(VALUE, v)));
                writeSteps.add(Step.write(k, VALUE, v));
            }
        }
        // A fresh value replaces whatever was read; the checks make it replace exactly that.
        ClientTxn.Writes fresh = new ClientTxn.Writes(writes, writeSteps);
        return ClientTxn.interactive(reads, readSteps, rows -> fresh);
    }
}
