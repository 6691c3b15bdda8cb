package io.catena.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.storage.cassandra.local.LocalCassandra;
import io.catena.storage.conformance.LogRecordSamples;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a store acknowledged survives its server's restart, graceful or a crash (SIGKILL), and the
 * GC horizon survives too: a restarted store never serves a read that history no longer answers.
 */
@ExtendWith(TestCassandra.class)
class CassandraRestartTest {

    private static final ChainKey KEY = ChainKey.of("accounts", "alice");

    @Test
    void acknowledgedDataAndTheHorizonSurviveAStopAndAKill() throws Exception {
        CassandraSettings settings = TestCassandra.freshSettings();
        LocalCassandra cassandra = TestCassandra.cassandra();
        RLogRecord record = LogRecordSamples.record(1, 4, 0);
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings)) {
            await(engine.apply(KEY, Version.of(1, 0), List.of(RowWrite.put("a", Row.of("n", 1)))));
            await(engine.apply(KEY, Version.of(2, 0), List.of(RowWrite.put("a", Row.of("n", 2)))));
            await(engine.collectGarbage(KEY, Version.of(2, 0)));
            // A collection stores its horizon with the key's next write.
            await(engine.apply(KEY, Version.of(2, 1), List.of(RowWrite.put("a", Row.of("n", 2)))));
            await(engine.appendLog(record));
            await(engine.truncateLog(RegionId.of(1), 2));
        }

        cassandra.stop();
        assertThat(cassandra.isRunning()).isFalse();
        cassandra.start();
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings)) {
            assertThat(await(engine.readPartition(KEY, Version.MAX))).containsExactly(java.util.Map.entry("a", Row.of("n", 2)));
            assertThat(engine.readPartition(KEY, Version.of(1, 0)).toCompletableFuture())
                    .failsWithin(10, TimeUnit.SECONDS).withThrowableOfType(java.util.concurrent.ExecutionException.class)
                    .withCauseInstanceOf(IllegalStateException.class);
            assertThat(await(engine.readLog())).containsExactly(record);
            await(engine.apply(KEY, Version.of(3, 0), List.of(RowWrite.put("b", Row.of("n", 3)))));
        }

        cassandra.kill();
        cassandra.start();
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings)) {
            assertThat(await(engine.readPartition(KEY, Version.MAX)))
                    .containsEntry("a", Row.of("n", 2)).containsEntry("b", Row.of("n", 3));
            // The truncation point survived too: an epoch through it is not stored again.
            await(engine.appendLog(LogRecordSamples.record(1, 2, 0)));
            assertThat(await(engine.readLog())).containsExactly(record);
        }
    }

    @Test
    void aWriteAndALogRecordAcknowledgedJustBeforeAKillAreNotLost() throws Exception {
        // With Cassandra's default periodic commit log both were lost: acknowledged before the
        // sync, and replay stops at the last sync marker.
        CassandraSettings settings = TestCassandra.freshSettings();
        LocalCassandra cassandra = TestCassandra.cassandra();
        RLogRecord record = LogRecordSamples.record(2, 7, 0);
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings)) {
            await(engine.apply(KEY, Version.of(1, 0), List.of(RowWrite.put("a", Row.of("n", 1)))));
            await(engine.appendLog(record));
            cassandra.kill();
        }
        cassandra.start();
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings)) {
            assertThat(await(engine.readPartition(KEY, Version.MAX))).containsExactly(java.util.Map.entry("a", Row.of("n", 1)));
            assertThat(await(engine.readLog())).containsExactly(record);
        }
    }

    private static <T> T await(CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
