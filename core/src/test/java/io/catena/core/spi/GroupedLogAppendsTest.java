package io.catena.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.RLogRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class GroupedLogAppendsTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);

    /** A writer whose writes the test completes by hand, recording each write's epochs. */
    private static final class HeldWriter implements GroupedLogAppends.Writer {
        final List<List<Long>> writes = new ArrayList<>();
        final List<CompletableFuture<Void>> pending = new ArrayList<>();

        @Override
        public CompletionStage<Void> write(RegionId origin, List<GroupedLogAppends.Encoded> records) {
            writes.add(records.stream().map(e -> e.record().epoch()).toList());
            CompletableFuture<Void> done = new CompletableFuture<>();
            pending.add(done);
            return done;
        }
    }

    private static RLogRecord record(RegionId origin, long epoch) {
        return new RLogRecord(origin, epoch, List.of(), EpochVector.zeros(3), List.of(), List.of(), Version.ZERO);
    }

    private static byte[] bytes(int n) {
        return new byte[n];
    }

    @Test
    void appendsMadeWhileAWriteIsInFlightGoTogetherInTheNextWriteInOrder() {
        HeldWriter writer = new HeldWriter();
        GroupedLogAppends appends = new GroupedLogAppends(writer, 64, 1 << 20);

        CompletionStage<Void> first = appends.append(record(US, 1), bytes(10));
        CompletionStage<Void> second = appends.append(record(US, 2), bytes(10));
        CompletionStage<Void> third = appends.append(record(US, 3), bytes(10));
        assertThat(writer.writes).containsExactly(List.of(1L));

        writer.pending.get(0).complete(null);
        assertThat(first.toCompletableFuture()).isCompleted();
        assertThat(second.toCompletableFuture()).isNotDone();
        assertThat(writer.writes).containsExactly(List.of(1L), List.of(2L, 3L));

        writer.pending.get(1).complete(null);
        assertThat(second.toCompletableFuture()).isCompleted();
        assertThat(third.toCompletableFuture()).isCompleted();
    }

    @Test
    void originsWriteIndependently() {
        HeldWriter writer = new HeldWriter();
        GroupedLogAppends appends = new GroupedLogAppends(writer, 64, 1 << 20);

        appends.append(record(US, 1), bytes(10));
        appends.append(record(EU, 7), bytes(10));

        assertThat(writer.writes).containsExactly(List.of(1L), List.of(7L));
    }

    @Test
    void aWriteCarriesAtMostTheRecordAndByteLimitButAlwaysOneRecord() {
        HeldWriter writer = new HeldWriter();
        GroupedLogAppends appends = new GroupedLogAppends(writer, 3, 100);

        appends.append(record(US, 1), bytes(10));
        for (long e = 2; e <= 6; e++) {
            appends.append(record(US, e), bytes(10));
        }
        appends.append(record(US, 7), bytes(500));
        appends.append(record(US, 8), bytes(60));
        appends.append(record(US, 9), bytes(60));
        for (int i = 0; i < 5; i++) {
            writer.pending.get(i).complete(null);
        }

        assertThat(writer.writes).containsExactly(List.of(1L), List.of(2L, 3L, 4L), List.of(5L, 6L), List.of(7L),
                List.of(8L), List.of(9L));
    }

    @Test
    void aFailedWriteFailsEveryAppendItCarriedAndTheNextWriteStillGoes() {
        HeldWriter writer = new HeldWriter();
        GroupedLogAppends appends = new GroupedLogAppends(writer, 64, 1 << 20);
        appends.append(record(US, 1), bytes(10));
        CompletionStage<Void> second = appends.append(record(US, 2), bytes(10));
        CompletionStage<Void> third = appends.append(record(US, 3), bytes(10));
        writer.pending.get(0).complete(null);

        writer.pending.get(1).completeExceptionally(new IllegalStateException("store down"));
        assertThat(second.toCompletableFuture()).isCompletedExceptionally();
        assertThat(third.toCompletableFuture()).isCompletedExceptionally();

        CompletionStage<Void> retry = appends.append(record(US, 2), bytes(10));
        assertThat(writer.writes).last().isEqualTo(List.of(2L));
        writer.pending.get(2).complete(null);
        assertThat(retry.toCompletableFuture()).isCompleted();
    }

    @Test
    void aWriterThatThrowsFailsTheAppendInsteadOfTheCaller() {
        GroupedLogAppends appends = new GroupedLogAppends((origin, records) -> {
            throw new IllegalStateException("closed");
        }, 64, 1 << 20);

        CompletionStage<Void> append = appends.append(record(US, 1), bytes(10));

        assertThat(append.toCompletableFuture()).isCompletedExceptionally();
        assertThatThrownBy(() -> append.toCompletableFuture().join()).hasRootCauseMessage("closed");
    }
}
