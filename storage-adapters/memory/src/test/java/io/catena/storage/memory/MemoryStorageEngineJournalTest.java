package io.catena.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.storage.conformance.LogRecordSamples;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash and replay of the write-ahead journal. Closing an engine writes nothing (every entry is
 * forced to disk when it is appended), so close-then-reopen sees exactly the file a crash would
 * leave; torn writes are made by cutting or damaging the file by hand.
 */
class MemoryStorageEngineJournalTest {

    private static final ChainKey ALICE = ChainKey.of("accounts", "alice");
    private static final ChainKey BOB = ChainKey.of("accounts", "bob");
    private static final ChainKey DROPPED = ChainKey.of("__catena_answers", "client-1");

    @TempDir
    Path directory;

    @Test
    void everyKindOfChangeSurvivesAReopen() throws IOException {
        State before;
        try (MemoryStorageEngine engine = open()) {
            await(engine.apply(ALICE, Version.of(1, 0),
                    List.of(RowWrite.put("a", Row.of("n", 1)), RowWrite.put("b", Row.of("n", 1)))));
            await(engine.apply(ALICE, Version.of(2, 0),
                    List.of(RowWrite.delete("a"), RowWrite.put("c", Row.of("s", "x")))));
            await(engine.apply(BOB, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 7)))));
            await(engine.apply(DROPPED, Version.of(3, 0), List.of(RowWrite.put("", Row.of("n", 3)))));
            await(engine.dropPartition(DROPPED));
            await(engine.collectGarbage(ALICE, Version.of(2, 0)));
            await(engine.appendLog(LogRecordSamples.record(0, 1, 0)));
            await(engine.appendLog(LogRecordSamples.record(0, 2, 1)));
            await(engine.appendLog(LogRecordSamples.record(1, 1, 0)));
            await(engine.appendLog(LogRecordSamples.emptyRecord(2, 4)));
            await(engine.truncateLog(RegionId.of(0), 1));
            before = State.of(engine);
        }
        try (MemoryStorageEngine engine = open()) {
            assertThat(State.of(engine)).isEqualTo(before);
            assertThat(engine.latestVersion(DROPPED)).as("a dropped partition stays dropped").isEqualTo(Version.ZERO);
            assertThat(failure(engine.readPartition(ALICE, Version.of(1, 0))))
                    .isInstanceOf(IllegalStateException.class);

            await(engine.apply(ALICE, Version.of(1, 5), List.of(RowWrite.put("z", Row.of("n", 9)))));
            await(engine.appendLog(LogRecordSamples.record(0, 1, 0)));
            await(engine.appendLog(LogRecordSamples.record(1, 1, 1)));
            assertThat(State.of(engine)).as("idempotency, truncation and first-record-wins after replay")
                    .isEqualTo(before);
        }
    }

    @Test
    void changesThatTakeNoEffectAreNotWrittenToTheJournal() throws IOException {
        try (MemoryStorageEngine engine = open()) {
            await(engine.apply(ALICE, Version.of(2, 0), List.of(RowWrite.put("a", Row.of("n", 1)))));
            await(engine.collectGarbage(ALICE, Version.of(1, 0)));
            await(engine.appendLog(LogRecordSamples.record(0, 3, 0)));
            await(engine.truncateLog(RegionId.of(0), 2));
            long size = Files.size(journal());

            await(engine.apply(ALICE, Version.of(2, 0), List.of(RowWrite.put("a", Row.of("n", 2)))));
            await(engine.apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("a", Row.of("n", 3)))));
            await(engine.collectGarbage(ALICE, Version.of(1, 0)));
            await(engine.collectGarbage(BOB, Version.of(1, 0)));
            await(engine.dropPartition(DROPPED));
            await(engine.appendLog(LogRecordSamples.record(0, 3, 1)));
            await(engine.appendLog(LogRecordSamples.record(0, 2, 0)));
            await(engine.truncateLog(RegionId.of(0), 1));
            assertThat(Files.size(journal())).isEqualTo(size);
        }
    }

    @Test
    void aTornFinalEntryIsCutOffAndTheJournalStaysAppendable() throws IOException {
        for (int keptOfLastFrame : new int[] {3, 11}) {
            long intact = writeTwoCommits();
            cut(intact + keptOfLastFrame);
            try (MemoryStorageEngine engine = open()) {
                assertThat(engine.latestVersion(ALICE)).isEqualTo(Version.of(1, 0));
                assertThat(Files.size(journal())).isEqualTo(intact);
                await(engine.apply(ALICE, Version.of(3, 0), List.of(RowWrite.put("a", Row.of("n", 3)))));
            }
            try (MemoryStorageEngine engine = open()) {
                assertThat(engine.latestVersion(ALICE)).isEqualTo(Version.of(3, 0));
                assertThat(await(engine.readPartition(ALICE, Version.of(2, 5)))).containsEntry("a", Row.of("n", 1));
            }
            Files.delete(journal());
        }
    }

    @Test
    void aFinalEntryThatFailsItsChecksumIsCutOff() throws IOException {
        long intact = writeTwoCommits();
        long size = Files.size(journal());
        flipByte(size - 1);
        try (MemoryStorageEngine engine = open()) {
            assertThat(engine.latestVersion(ALICE)).isEqualTo(Version.of(1, 0));
            assertThat(Files.size(journal())).isEqualTo(intact);
        }
    }

    @Test
    void aZeroFilledTailIsCutOff() throws IOException {
        writeTwoCommits();
        long size = Files.size(journal());
        Files.write(journal(), new byte[4096], StandardOpenOption.APPEND);
        try (MemoryStorageEngine engine = open()) {
            assertThat(engine.latestVersion(ALICE)).isEqualTo(Version.of(2, 0));
            assertThat(Files.size(journal())).isEqualTo(size);
        }
    }

    @Test
    void damageBeforeTheFinalEntryRefusesToOpenAndSaysWhere() throws IOException {
        writeTwoCommits();
        flipByte(WriteAheadJournal.HEADER_BYTES + WriteAheadJournal.FRAME_HEADER_BYTES + 3);
        assertThatThrownBy(this::open).isInstanceOf(IOException.class)
                .hasMessageContaining("damaged at byte " + WriteAheadJournal.HEADER_BYTES)
                .hasMessageContaining("checksum");
    }

    @Test
    void aSecondEngineOnTheSameDirectoryIsRefusedUntilTheFirstCloses() throws IOException {
        try (MemoryStorageEngine engine = open()) {
            await(engine.apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("a", Row.of("n", 1)))));
            assertThatThrownBy(this::open).isInstanceOf(IOException.class).hasMessageContaining("in use");
        }
        try (MemoryStorageEngine engine = open()) {
            assertThat(engine.latestVersion(ALICE)).isEqualTo(Version.of(1, 0));
        }
    }

    @Test
    void aFileThatIsNotAJournalIsRefused() throws IOException {
        Files.writeString(journal(), "these are somebody else's bytes");
        assertThatThrownBy(this::open).isInstanceOf(IOException.class)
                .hasMessageContaining("not a Catena storage journal");

        Files.write(journal(), ByteBuffer.allocate(8).putInt(WriteAheadJournal.MAGIC).putInt(99).array());
        assertThatThrownBy(this::open).isInstanceOf(IOException.class).hasMessageContaining("format version 99");
    }

    @Test
    void aHeaderTornWhileTheFileWasCreatedIsWrittenAgain() throws IOException {
        Files.write(journal(), new byte[] {0x43, 0x54, 0x4E});
        try (MemoryStorageEngine engine = open()) {
            await(engine.apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("a", Row.of("n", 1)))));
        }
        try (MemoryStorageEngine engine = open()) {
            assertThat(engine.latestVersion(ALICE)).isEqualTo(Version.of(1, 0));
        }
    }

    @Test
    void aMissingDirectoryIsCreated() throws IOException {
        Path nested = directory.resolve("region-0").resolve("store");
        try (MemoryStorageEngine engine = new MemoryStorageEngine(nested)) {
            await(engine.apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("a", Row.of("n", 1)))));
        }
        assertThat(nested.resolve(WriteAheadJournal.FILE_NAME)).isRegularFile();
    }

    /**
     * Random changes go to a journaled engine and to an in-memory reference; the journaled one is
     * reopened at random points and must then hold exactly what the reference holds. Seeds start
     * at {@code -Dcatena.storage.seed} (default 1); a failure names its seed.
     */
    @Test
    void randomChangesSurviveReopensAtRandomPoints(TestReporter reporter) throws IOException {
        long base = Long.getLong("catena.storage.seed", 1L);
        for (long seed = base; seed < base + 5; seed++) {
            reporter.publishEntry("seed", Long.toString(seed));
            Path seedDirectory = directory.resolve("seed-" + seed);
            Random random = new Random(seed);
            MemoryStorageEngine reference = new MemoryStorageEngine();
            MemoryStorageEngine durable = new MemoryStorageEngine(seedDirectory);
            try {
                for (int step = 0; step < 300; step++) {
                    randomChange(random, reference, durable);
                    if (random.nextInt(25) == 0) {
                        durable.close();
                        durable = new MemoryStorageEngine(seedDirectory);
                        assertThat(State.of(durable)).as("seed %d, step %d", seed, step).isEqualTo(State.of(reference));
                    }
                }
                durable.close();
                durable = new MemoryStorageEngine(seedDirectory);
                assertThat(State.of(durable)).as("seed %d at the end", seed).isEqualTo(State.of(reference));
            } finally {
                durable.close();
                reference.close();
            }
        }
    }

    private static void randomChange(Random random, MemoryStorageEngine... engines) {
        ChainKey key = ChainKey.of("accounts", "k" + random.nextInt(3));
        Version latest = engines[0].latestVersion(key);
        int dice = random.nextInt(10);
        long changeSeed = random.nextLong();
        for (MemoryStorageEngine engine : engines) {
            Random same = new Random(changeSeed);
            if (dice < 5) {
                Version version = same.nextInt(5) == 0 ? latest : Version.of(latest.epoch() + 1, same.nextInt(3));
                await(engine.apply(key, version, List.of(
                        same.nextInt(4) == 0 ? RowWrite.delete("r" + same.nextInt(3))
                                : RowWrite.put("r" + same.nextInt(3), Row.of("n", same.nextLong())))));
            } else if (dice < 6) {
                await(engine.collectGarbage(key, Version.of(Math.max(0, latest.epoch() - same.nextInt(3)), 0)));
            } else if (dice < 9) {
                RLogRecord record = LogRecordSamples.record(same.nextInt(3), 1 + same.nextInt(20), same.nextInt(2));
                await(engine.appendLog(record));
            } else {
                await(engine.truncateLog(RegionId.of(same.nextInt(3)), same.nextInt(20)));
            }
        }
    }

    // ---------------------------------------------------------------- helpers

    private MemoryStorageEngine open() throws IOException {
        return new MemoryStorageEngine(directory);
    }

    private Path journal() {
        return directory.resolve(WriteAheadJournal.FILE_NAME);
    }

    /** Writes commits at 1.0 and 2.0 to ALICE; returns the journal's size after the first. */
    private long writeTwoCommits() throws IOException {
        long afterFirst;
        try (MemoryStorageEngine engine = open()) {
            await(engine.apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("a", Row.of("n", 1)))));
            afterFirst = Files.size(journal());
            await(engine.apply(ALICE, Version.of(2, 0), List.of(RowWrite.put("a", Row.of("n", 2)))));
        }
        return afterFirst;
    }

    private void cut(long size) throws IOException {
        try (FileChannel channel = FileChannel.open(journal(), StandardOpenOption.WRITE)) {
            channel.truncate(size);
        }
    }

    private void flipByte(long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(journal(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.put(0, (byte) ~one.get(0));
            channel.write(one.rewind(), offset);
        }
    }

    static <T> T await(CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    static Throwable failure(CompletionStage<?> stage) {
        try {
            stage.toCompletableFuture().get();
            throw new AssertionError("expected the storage call to fail");
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Everything an engine holds for the tables these tests use, for comparing two engines. */
    record State(List<PartitionImage> images, List<RLogRecord> log,
                 SortedMap<ChainKey, SortedMap<String, Row>> latest) {
        static State of(MemoryStorageEngine engine) {
            List<PartitionImage> images = await(engine.listKeys("accounts")).stream()
                    .map(k -> await(engine.loadPartition(k))).toList();
            return new State(images, await(engine.readLog()), engine.dumpLatest("accounts"));
        }
    }
}
