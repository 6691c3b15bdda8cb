package io.catena.microbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.message.EpochMessage;
import io.catena.core.message.SubmitTxn;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.wire.ClientMessage;
import io.catena.wire.MalformedFrameException;
import io.catena.wire.NodeMessage;
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

    private static int encodedSize(String codec) {
        EpochMessageCodecBenchmark bench = new EpochMessageCodecBenchmark();
        bench.codec = codec;
        bench.txns = 50;
        bench.setUp();
        bench.tearDown();
        return bench.body.length;
    }
}
