package io.catena.harness.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.RowWrite;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.txn.Access;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.harness.check.BankInvariant;
import io.catena.harness.check.InitialValues;
import io.catena.harness.check.KeyKind;
import io.catena.harness.SeededRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A workload whose read-write transactions are now and then large: with probability
 * {@code share}, a transaction also sets column {@value #COLUMN} of the first row it writes to
 * between half of {@code maxChars} and {@code maxChars} characters. The padding lives in the same
 * hop, reads nothing and is never checked, so the history means what it meant; it exercises the
 * byte bounds of transactions, records and epoch messages (and their refusal, when it exceeds the
 * transaction limit).
 */
public final class PaddedWorkload implements Workload {

    public static final String COLUMN = "pad";
    /** The least {@code maxChars}: half of it, the shortest pad drawn, is then at least one character. */
    public static final int MIN_CHARS = 2;

    private final Workload inner;
    private final int maxChars;
    private final double share;

    public PaddedWorkload(Workload inner, int maxChars, double share) {
        if (maxChars < MIN_CHARS || share < 0 || share > 1) {
            throw new IllegalArgumentException("padding needs at least 2 characters and a share between 0 and 1");
        }
        this.inner = inner;
        this.maxChars = maxChars;
        this.share = share;
    }

    @Override
    public String name() {
        return inner.name() + " padded to " + maxChars + " chars in " + Math.round(share * 100) + "%";
    }

    @Override
    public Map<ChainKey, List<RowWrite>> initialData() {
        return inner.initialData();
    }

    @Override
    public ClientTxn next(SeededRandom random, UniqueValues unique) {
        ClientTxn txn = inner.next(random, unique);
        if (txn.isReadOnly() || !(txn.spec() instanceof TxnSpec.AdHoc adHoc) || !random.chance(share)) {
            return txn;
        }
        Op written = adHoc.ops().stream().filter(op -> op.access() != Access.READ).findFirst().orElse(null);
        if (written == null) {
            return txn;
        }
        int chars = maxChars / 2 + random.nextInt(maxChars - maxChars / 2 + 1);
        List<Op> ops = new ArrayList<>(adHoc.ops());
        ops.add(new Op.Update(written.key(), new UpdateFn.SetField(COLUMN, Datum.of("p".repeat(chars)))));
        return ClientTxn.readWrite(new TxnSpec.AdHoc(ops), txn.steps());
    }

    @Override
    public List<String> tables() {
        return inner.tables();
    }

    @Override
    public BankInvariant bankInvariant() {
        return inner.bankInvariant();
    }

    @Override
    public boolean listTable(String table) {
        return inner.listTable(table);
    }

    @Override
    public KeyKind keyKind(String table) {
        return inner.keyKind(table);
    }

    @Override
    public List<InitialValues> initialValues() {
        return inner.initialValues();
    }

    @Override
    public ProcedureRegistry procedures() {
        return inner.procedures();
    }
}
