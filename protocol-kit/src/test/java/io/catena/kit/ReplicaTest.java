package io.catena.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.spi.WorkMeter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ReplicaTest {

    private static final ChainKey A = ChainKey.of("accounts", "a");
    private static final ChainKey B = ChainKey.of("accounts", "b");
    private static final Version LOADED = Version.of(0, 1);

    private final QueuedStoragePort storage = new QueuedStoragePort();
    private final Replica replica = new Replica(storage, WorkMeter.NONE, Runnable::run);
    private final List<String> durable = new ArrayList<>();

    @BeforeEach
    void load() {
        storage.seed(A, "", Row.of("n", 10));
        storage.seed(B, "", Row.of("n", 20));
        boolean[] loaded = {false};
        replica.whenLoaded(List.of(A, B), () -> loaded[0] = true);
        assertThat(loaded[0]).as("loads complete in a later step").isFalse();
        storage.deliverAll();
        assertThat(loaded[0]).isTrue();
    }

    @Test
    void aCommitThatArrivesBeforeTheOneItBuildsOnWaitsForItThenBothApplyInOrder() {
        // T2 read a at T1's version and wrote b; it arrives first.
        Commit t1 = commit(1, Version.of(5, 0), new KeyCommit(A, LOADED, writes(11)));
        Commit t2 = commit(2, Version.of(9, 0), new KeyCommit(A, Version.of(5, 0), List.of()),
                new KeyCommit(B, LOADED, writes(21)));

        offer(t2, () -> durable.add("t2"));
        assertThat(replica.applied(B)).as("t2 waits for the version of a it read").isEqualTo(LOADED);
        assertThat(replica.known(B)).as("but its version of b is known at once").isEqualTo(Version.of(9, 0));
        assertThat(replica.settled(List.of(B))).isFalse();

        offer(t1, () -> durable.add("t1"));
        assertThat(replica.applied(A)).isEqualTo(Version.of(5, 0));
        assertThat(replica.applied(B)).isEqualTo(Version.of(9, 0));
        assertThat(durable).as("durable only once the store has answered").isEmpty();
        assertThat(replica.quiescent()).isFalse();

        storage.deliverAll();
        assertThat(durable).containsExactly("t1", "t2");
        assertThat(replica.quiescent()).isTrue();
        assertThat(storage.read(B, "")).isEqualTo(Row.of("n", 21));
    }

    @Test
    void twoCommitsOverwritingTheSameVersionStopTheNodeInsteadOfLosingAnUpdate() {
        offer(commit(1, Version.of(5, 0), new KeyCommit(A, LOADED, writes(11))), () -> { });

        assertThatThrownBy(() -> offer(commit(2, Version.of(6, 0), new KeyCommit(A, LOADED, writes(12))),
                () -> { }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("two commits overwrote one version");
    }

    @Test
    void aRepeatedCommitIsAppliedOnceAndAcknowledgedAgainOnceDurable() {
        Commit t1 = commit(1, Version.of(5, 0), new KeyCommit(A, LOADED, writes(11)));
        offer(t1, () -> durable.add("first"));
        offer(t1, () -> durable.add("early repeat"));
        storage.deliverAll();
        offer(t1, () -> durable.add("late repeat"));

        assertThat(storage.applies).isEqualTo(1);
        assertThat(durable).containsExactly("first", "late repeat");
    }

    /** A transaction's commit as a protocol's message carries it. */
    @Test
    void historyBelowAHorizonIsForgottenAndReadingThereFails() {
        offer(commit(1, Version.of(5, 0), new KeyCommit(A, LOADED, writes(11))), () -> { });
        offer(commit(2, Version.of(9, 0), new KeyCommit(A, Version.of(5, 0), writes(12))), () -> { });
        assertThat(replica.partition(A).read("", Version.endOf(6))).isEqualTo(Row.of("n", 11));

        replica.collectGarbage(A, Version.endOf(7));
        replica.collectGarbage(ChainKey.of("accounts", "never loaded"), Version.endOf(7));

        assertThat(replica.partition(A).read("", Version.MAX)).isEqualTo(Row.of("n", 12));
        assertThatThrownBy(() -> replica.partition(A).read("", Version.endOf(6)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("collected");
    }

    private record Commit(TxnId txn, Version version, List<KeyCommit> keys) {
    }

    private static Commit commit(int position, Version version, KeyCommit... keys) {
        return new Commit(new TxnId(position, RegionId.of(0), position), version, List.of(keys));
    }

    private void offer(Commit commit, Runnable onDurable) {
        replica.offer(commit.txn(), commit.version(), commit.keys(), onDurable);
    }

    private static List<RowWrite> writes(long n) {
        return List.of(RowWrite.put("", Row.of("n", n)));
    }
}
