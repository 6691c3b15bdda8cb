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
import java.util.List;
import java.util.Map;

/**
 * Elle's list-append workload: transactions append unique integers to lists and read whole
 * lists, so the checker can recover every key's version order and find any dependency cycle.
 *
 * <p>Optionally ({@link Claims}) some read-write transactions end, after their appends, on a row
 * of a small table of claims: they insert it, which aborts the whole transaction when the row
 * exists, free it (delete it), or read it. The insert is an abort on a later hop than the
 * appends: a chain server that let others read those appends before the insert had run would
 * show them an aborted append (G1a), or put it into a final list.
 */
public final class ListAppendWorkload implements Workload {

    public static final String TABLE = "lists";
    public static final String COLUMN = "v";
    /** The table of claims, one row per partition, each inserted and freed again and again. */
    public static final String CLAIMS = "claims";

    /**
     * The claims that read-write transactions end on.
     *
     * @param share share of read-write transactions that end on a claim: half of them insert it,
     *              a quarter free it and a quarter read it
     * @param rows  how many claims there are; few, so that an insert often finds its row taken
     */
    public record Claims(double share, int rows) {
        public static final Claims NONE = new Claims(0, 1);

        public Claims {
            if (share < 0 || share > 1 || rows < 1) {
                throw new IllegalArgumentException("claims need a share between 0 and 1 and at least one row");
            }
        }
    }

    private final KeyChooser keys;
    private final int maxOpsPerTxn;
    private final double readOnlyFraction;
    private final Claims claims;

    public ListAppendWorkload(KeyChooser keys, int maxOpsPerTxn, double readOnlyFraction) {
        this(keys, maxOpsPerTxn, readOnlyFraction, Claims.NONE);
    }

    public ListAppendWorkload(KeyChooser keys, int maxOpsPerTxn, double readOnlyFraction, Claims claims) {
        this.keys = keys;
        this.maxOpsPerTxn = maxOpsPerTxn;
        this.readOnlyFraction = readOnlyFraction;
        this.claims = claims;
    }

    @Override
    public String name() {
        return "list-append(" + keys.records() + " keys, " + keys
                + (claims.share() == 0 ? "" : ", " + Math.round(claims.share() * 100) + "% ending on one of "
                + claims.rows() + " claims") + ")";
    }

    @Override
    public Map<ChainKey, List<RowWrite>> initialData() {
        return Map.of();
    }

    @Override
    public List<String> tables() {
        return claims.share() == 0 ? List.of(TABLE) : List.of(TABLE, CLAIMS);
    }

    @Override
    public boolean listTable(String table) {
        return TABLE.equals(table);
    }

    public static RowKey key(int i) {
        return RowKey.of(TABLE, "k" + i);
    }

    public static RowKey claim(int i) {
        return RowKey.of(CLAIMS, "c" + i);
    }

    @Override
    public ClientTxn next(SeededRandom random, UniqueValues unique) {
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
        // Drawn only when claims are on, so other seeds replay exactly as before.
        if (claims.share() > 0 && random.chance(claims.share())) {
            endOnClaim(random, unique, ops, steps);
        }
        return ClientTxn.readWrite(new TxnSpec.AdHoc(ops), steps);
    }

    /**
     * Inserts, frees or reads a claim, on the transaction's last hop. An insert is recorded as a
     * write of its unique value; a free is not recorded, since the history has no deletes and a
     * read of a freed claim sees null, which every checker accepts.
     */
    private void endOnClaim(SeededRandom random, UniqueValues unique, List<Op> ops, List<Step> steps) {
        RowKey claim = claim(random.nextInt(claims.rows()));
        int kind = random.nextInt(4);
        if (kind < 2) {
            String v = Long.toString(unique.next(), 36);
            ops.add(new Op.Insert(claim, Row.of(COLUMN, v)));
            steps.add(Step.write(claim, COLUMN, v));
        } else if (kind == 2) {
            ops.add(new Op.Delete(claim));
        } else {
            ops.add(new Op.Read(claim));
            steps.add(Step.read(claim, COLUMN));
        }
    }
}
