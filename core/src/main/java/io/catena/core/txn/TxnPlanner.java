package io.catena.core.txn;

import io.catena.core.data.ChainKey;
import io.catena.core.procedure.Procedure;
import io.catena.core.procedure.ProcedureRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a transaction into its chain, or says why it cannot run. Every region plans the same
 * transaction the same way, so a rejection is itself a deterministic outcome.
 */
public final class TxnPlanner {

    /** Transactions with more hops are rejected: chains are for short transactions. */
    public static final int MAX_HOPS = 64;
    /** Up to this many operations or hops, linear scans beat hashing. */
    private static final int FEW = 16;

    /** Tables whose names start with this belong to Catena itself (e.g. its answer table). */
    public static final String RESERVED_TABLE_PREFIX = "__";

    private final ProcedureRegistry procedures;

    public TxnPlanner(ProcedureRegistry procedures) {
        this.procedures = procedures;
    }

    /** Either a plan or the reason the transaction is invalid. */
    public record Planned(TxnPlan plan, String rejection) {
        public boolean valid() {
            return plan != null;
        }
    }

    public Planned plan(TxnSpec spec) {
        if (spec instanceof TxnSpec.AdHoc adHoc) {
            return planAdHoc(adHoc);
        }
        TxnSpec.ProcedureCall call = (TxnSpec.ProcedureCall) spec;
        Optional<Procedure> procedure = procedures.find(call.name(), call.version());
        if (procedure.isEmpty()) {
            return rejected("unknown procedure " + call.name() + " version " + call.version());
        }
        List<Hop> hops;
        try {
            hops = procedure.get().hops(call.args());
        } catch (IllegalArgumentException e) {
            return rejected("invalid arguments for " + call.name() + ": " + e.getMessage());
        }
        return validate(hops);
    }

    public Optional<Procedure> procedure(TxnSpec.ProcedureCall call) {
        return procedures.find(call.name(), call.version());
    }

    private Planned planAdHoc(TxnSpec.AdHoc adHoc) {
        if (adHoc.ops().isEmpty()) {
            return rejected("a transaction needs at least one operation");
        }
        // Ad-hoc operations carry no data from one key to another, so grouping them by chain key
        // (in order of first appearance, keeping their order within a key) changes nothing but
        // lets a chain visit each key once.
        List<Op> ops = adHoc.ops();
        return validate(ops.size() <= FEW ? groupFew(ops) : groupMany(ops));
    }

    /** Every region's coordinator and chain servers plan every transaction: most have a few keys. */
    private static List<Hop> groupFew(List<Op> ops) {
        ChainKey[] keys = new ChainKey[ops.size()];
        Access[] accesses = new Access[ops.size()];
        int n = 0;
        for (Op op : ops) {
            ChainKey k = op.key().chainKey();
            int i = 0;
            while (i < n && !keys[i].equals(k)) {
                i++;
            }
            accesses[i] = i < n ? accesses[i].union(op.access()) : op.access();
            if (i == n) {
                keys[n++] = k;
            }
        }
        List<Hop> hops = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            hops.add(new Hop(keys[i], accesses[i]));
        }
        return hops;
    }

    private static List<Hop> groupMany(List<Op> ops) {
        Map<ChainKey, Access> byKey = new LinkedHashMap<>();
        for (Op op : ops) {
            byKey.merge(op.key().chainKey(), op.access(), Access::union);
        }
        List<Hop> hops = new ArrayList<>(byKey.size());
        byKey.forEach((k, a) -> hops.add(new Hop(k, a)));
        return hops;
    }

    private static Planned validate(List<Hop> hops) {
        if (hops.isEmpty()) {
            return rejected("a transaction needs at least one chain key");
        }
        if (hops.size() > MAX_HOPS) {
            return rejected("a transaction may touch at most " + MAX_HOPS + " chain keys, not " + hops.size());
        }
        Set<ChainKey> seen = hops.size() <= FEW ? null : new HashSet<>();
        for (int i = 0; i < hops.size(); i++) {
            Hop h = hops.get(i);
            if (h.key().table().startsWith(RESERVED_TABLE_PREFIX)) {
                return rejected("table " + h.key().table() + " is reserved for Catena's own use");
            }
            if (seen == null ? appearsBefore(hops, i) : !seen.add(h.key())) {
                return rejected("chain key " + h.key() + " appears twice: a chain visits each key once");
            }
        }
        return new Planned(new TxnPlan(hops), null);
    }

    private static boolean appearsBefore(List<Hop> hops, int i) {
        ChainKey key = hops.get(i).key();
        for (int j = 0; j < i; j++) {
            if (hops.get(j).key().equals(key)) {
                return true;
            }
        }
        return false;
    }

    private static Planned rejected(String reason) {
        return new Planned(null, reason);
    }
}
