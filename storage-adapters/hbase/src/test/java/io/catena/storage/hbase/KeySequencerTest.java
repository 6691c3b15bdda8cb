package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class KeySequencerTest {

    @Test
    void operationsOnOneKeyRunInSubmissionOrderOneAtATimeAndOthersDoNotWait() {
        KeySequencer<String> sequencer = new KeySequencer<>();
        List<String> started = new ArrayList<>();
        CompletableFuture<Void> firstGate = new CompletableFuture<>();
        CompletableFuture<Void> first = sequencer.submit("a", () -> {
            started.add("a1");
            return firstGate;
        });
        CompletableFuture<String> second = sequencer.submit("a", () -> {
            started.add("a2");
            return CompletableFuture.completedFuture("done");
        });
        CompletableFuture<String> other = sequencer.submit("b", () -> {
            started.add("b1");
            return CompletableFuture.completedFuture("b");
        });
        assertThat(started).containsExactly("a1", "b1");
        assertThat(second).isNotDone();
        assertThat(other).isCompletedWithValue("b");

        firstGate.completeExceptionally(new IllegalStateException("boom"));
        assertThat(first).isCompletedExceptionally();
        assertThat(second).as("a failure does not stop the next operation").isCompletedWithValue("done");
        assertThat(started).containsExactly("a1", "b1", "a2");
        assertThat(sequencer.busyKeys()).as("idle keys are forgotten").isZero();
    }

    @Test
    void anOperationThatThrowsFailsItsStageOnly() {
        KeySequencer<String> sequencer = new KeySequencer<>();
        CompletableFuture<Object> failed = sequencer.submit("a", () -> {
            throw new IllegalArgumentException("bad");
        });
        assertThat(failed).isCompletedExceptionally();
        assertThat(sequencer.submit("a", () -> CompletableFuture.completedFuture(1))).isCompletedWithValue(1);
    }
}
