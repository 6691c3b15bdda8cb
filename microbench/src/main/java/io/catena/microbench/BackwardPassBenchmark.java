package io.catena.microbench;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.harness.workload.KeyValueWorkload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The chain server's backward pass, per key access: one invocation is one epoch's
 * {@value #KEY_ACCESSES} key accesses (50 three-key or 150 one-key transactions) delivered to a
 * chain server that holds {@code heldKeys} keys, each loaded with a committed history — one of a
 * region's 4 chain servers under {@code kv:records=100000}. Each access is the real path of a
 * {@code BackwardPass} message: the footprint checks of Rules 1 and 2, the hop run against the
 * newest temporary versions with its reads logged, the temporary version left, and the next hop
 * sent. Epochs are uncontended (no resolver question; see {@link KvTraffic#uncontendedEpoch}).
 *
 * <p>Laying the epoch's footprints before, and committing and finalizing it after, are not
 * measured (per-invocation fixtures, each invocation takes well over 100 µs).
 *
 * <p>The reference, {@link #hashMapReadModifyWrite}, is the least any store does per access: a
 * {@link HashMap} lookup, the same update function, and a put, on the same number of keys.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class BackwardPassBenchmark {

    /** Key accesses per invocation: 50 three-key transactions, as in the epoch message benchmark. */
    static final int KEY_ACCESSES = 150;
    /** Keys each of a region's 4 chain servers holds under {@code kv:records=100000}. */
    static final String HELD_KEYS = "25000";
    private static final long SEED = 42;

    /** A chain server in a steady run, and the next epoch laid on it. */
    @State(Scope.Thread)
    public static class ChainServerState {

        @Param({"3", "1"})
        public int keysPerTxn;

        @Param(HELD_KEYS)
        public int heldKeys;

        KvTraffic traffic;
        ChainServerRig rig;

        /** Starts the server and commits one write on every key, a whole epoch at a time. */
        @Setup(Level.Trial)
        public void start() {
            traffic = new KvTraffic(heldKeys, keysPerTxn, SEED);
            rig = new ChainServerRig(Row.of(KeyValueWorkload.VALUE, traffic.widen("initial")));
            List<TxnSpec.AdHoc> every = traffic.writeEveryRecord();
            for (int from = 0; from < every.size(); from += KEY_ACCESSES) {
                rig.layEpoch(every.subList(from, Math.min(every.size(), from + KEY_ACCESSES)));
                rig.runBackwardPasses();
                rig.commitEpoch();
            }
        }

        @Setup(Level.Invocation)
        public void layEpoch() {
            rig.layEpoch(traffic.uncontendedEpoch(KEY_ACCESSES / keysPerTxn));
        }

        @TearDown(Level.Invocation)
        public void commitEpoch() {
            rig.commitEpoch();
        }
    }

    /** Traffic drawn the same way (uniform, keys distinct within an epoch) against a plain map of as many keys. */
    @State(Scope.Thread)
    public static class MapState {

        @Param({"3", "1"})
        public int keysPerTxn;

        @Param(HELD_KEYS)
        public int heldKeys;

        final Map<ChainKey, Row> rows = new HashMap<>();
        final List<List<TxnSpec.AdHoc>> epochs = new ArrayList<>();
        int next;

        @Setup(Level.Trial)
        public void fill() {
            KvTraffic traffic = new KvTraffic(heldKeys, keysPerTxn, SEED);
            Row initial = Row.of(KeyValueWorkload.VALUE, traffic.widen("initial"));
            for (int i = 0; i < heldKeys; i++) {
                rows.put(KeyValueWorkload.record(i).chainKey(), initial);
            }
            // Drawn in advance, enough for their keys to cover the map one and a half times.
            int count = heldKeys * 3 / 2 / KEY_ACCESSES + 1;
            for (int e = 0; e < count; e++) {
                epochs.add(traffic.uncontendedEpoch(KEY_ACCESSES / keysPerTxn));
            }
        }

        List<TxnSpec.AdHoc> nextEpoch() {
            List<TxnSpec.AdHoc> epoch = epochs.get(next);
            next = (next + 1) % epochs.size();
            return epoch;
        }
    }

    /** One epoch's backward passes; the score is per key access. */
    @Benchmark
    @OperationsPerInvocation(KEY_ACCESSES)
    public int backwardPass(ChainServerState state) {
        return state.rig.runBackwardPasses();
    }

    /** The reference: lookup, update function, put, per key access. */
    @Benchmark
    @OperationsPerInvocation(KEY_ACCESSES)
    public Row hashMapReadModifyWrite(MapState state) {
        Row last = null;
        for (TxnSpec.AdHoc txn : state.nextEpoch()) {
            for (Op op : txn.ops()) {
                Op.Update update = (Op.Update) op;
                ChainKey key = update.key().chainKey();
                last = update.fn().apply(state.rows.get(key));
                state.rows.put(key, last);
            }
        }
        return last;
    }
}
