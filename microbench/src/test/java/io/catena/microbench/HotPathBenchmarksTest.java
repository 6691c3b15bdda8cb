package io.catena.microbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.EpochMessage;
import io.catena.chainserver.ChainServer;
import io.catena.chainserver.ChainServerStats;
import io.catena.core.data.Row;
import io.catena.core.message.SubmitTxn;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.harness.workload.KeyValueWorkload;
import io.catena.wire.ClientMessage;
import io.catena.wire.MalformedFrameException;
import io.catena.wire.NodeMessage;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs every benchmark method once with its fixtures, so the build catches a broken benchmark
 * without running JMH. Checks what each measures, never how fast (numbers belong in
 * BENCHMARKS.md).
 */
class HotPathBenchmarksTest {

    /** Fewer keys than the benchmark's 25,000, for a fast test. */
    private static final int HELD_KEYS = 2_000;

    @ParameterizedTest
    @CsvSource({"smile, 1", "smile, 50", "json, 1", "json, 50"})
    void anEpochMessageDecodesToTheMessageEncoded(String codec, int txns) throws MalformedFrameException {
        EpochMessageCodecBenchmark bench = new EpochMessageCodecBenchmark();
        bench.codec = codec;
        bench.txns = txns;
        bench.setUp();
        try {
            EpochMessage message = (EpochMessage) ((NodeMessage) bench.frame).message();
            assertThat(message.records()).singleElement().satisfies(r -> assertThat(r.txns()).hasSize(txns));
            assertThat(bench.encode()).isEqualTo(bench.body.length);
            assertThat(bench.decode()).isEqualTo(bench.frame);
            assertThat(bench.decode()).as("decoding again reads the same bytes").isEqualTo(bench.frame);
            assertThat(bench.copyBytes()).isEqualTo(bench.body.length);
        } finally {
            bench.tearDown();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"smile", "json"})
    void aSubmissionDecodesToTheTransactionEncoded(String codec) throws MalformedFrameException {
        SubmitTxnCodecBenchmark bench = new SubmitTxnCodecBenchmark();
        bench.codec = codec;
        bench.setUp();
        try {
            TxnSpec.AdHoc txn = (TxnSpec.AdHoc) ((SubmitTxn) ((ClientMessage) bench.frame).message()).spec();
            assertThat(txn.ops()).hasSize(3).allSatisfy(op -> assertThat(op).isInstanceOf(Op.Update.class));
            assertThat(bench.encode()).isEqualTo(bench.body.length);
            assertThat(bench.decode()).isEqualTo(bench.frame);
            assertThat(bench.copyBytes()).isEqualTo(bench.body.length);
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void smileIsTheSmallerEncoding() {
        assertThat(encodedSize("smile")).isLessThan(encodedSize("json"));
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 1})
    void everyKeyAccessPrecommitsAndItsSpeculationIsReusedByTheCommit(int keysPerTxn) {
        BackwardPassBenchmark.ChainServerState state = new BackwardPassBenchmark.ChainServerState();
        state.keysPerTxn = keysPerTxn;
        state.heldKeys = HELD_KEYS;
        state.start();
        ChainServer server = state.rig.server();
        assertThat(server.keysInMemory()).isEqualTo(HELD_KEYS);
        assertThat(state.rig.finalizedTxns()).as("one write on every key").isEqualTo(HELD_KEYS);

        for (int epoch = 0; epoch < 3; epoch++) {
            ChainServerStats before = server.stats().copy();
            state.layEpoch();
            assertThat(new BackwardPassBenchmark().backwardPass(state)).isEqualTo(BackwardPassBenchmark.KEY_ACCESSES);
            state.commitEpoch();
            ChainServerStats after = server.stats();
            assertThat(after.validSpeculativeHops() - before.validSpeculativeHops())
                    .as("every decided hop reuses its speculative run").isEqualTo(BackwardPassBenchmark.KEY_ACCESSES);
            assertThat(after.resolverQueries()).isZero();
        }
        assertThat(state.rig.finalizedTxns()).isEqualTo(HELD_KEYS + 3 * BackwardPassBenchmark.KEY_ACCESSES / keysPerTxn);
        assertThat(server.keysInMemory()).isEqualTo(HELD_KEYS);
    }

    @Test
    void theMapReferenceWritesEachTransactionsValues() {
        BackwardPassBenchmark.MapState state = new BackwardPassBenchmark.MapState();
        state.keysPerTxn = 3;
        state.heldKeys = HELD_KEYS;
        state.fill();
        List<TxnSpec.AdHoc> epoch = state.epochs.get(0);

        Row last = new BackwardPassBenchmark().hashMapReadModifyWrite(state);

        for (TxnSpec.AdHoc txn : epoch) {
            for (Op op : txn.ops()) {
                UpdateFn.SetField set = (UpdateFn.SetField) ((Op.Update) op).fn();
                Row row = state.rows.get(op.key().chainKey());
                assertThat(row.getOrNull(KeyValueWorkload.VALUE)).isEqualTo(set.value());
            }
        }
        Op lastOp = epoch.get(epoch.size() - 1).ops().get(2);
        assertThat(last).isSameAs(state.rows.get(lastOp.key().chainKey()));
        assertThat(state.rows).hasSize(HELD_KEYS);
    }

    @Test
    void everyDeliveredMessageRunsAndEveryStorageCallCompletesWithoutAFailure() {
        NodeStepBenchmark bench = new NodeStepBenchmark();
        bench.setUp();
        try {
            assertThat(bench.deliver()).isEqualTo(NodeStepBenchmark.BATCH);
            assertThat(bench.storageCall()).isEqualTo(NodeStepBenchmark.BATCH + 1);
            assertThat(bench.node.failures).isZero();
        } finally {
            bench.tearDown();
        }
    }

    private static int encodedSize(String codec) {
        EpochMessageCodecBenchmark bench = new EpochMessageCodecBenchmark();
        bench.codec = codec;
        bench.txns = 50;
        bench.setUp();
        bench.tearDown();
        return bench.body.length;
    }
}
