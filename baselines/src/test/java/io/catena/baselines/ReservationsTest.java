package io.catena.baselines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.baselines.message.KeyClaim;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Access;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReservationsTest {

    private static final ChainKey X = ChainKey.of("t", "x");
    private static final ChainKey Y = ChainKey.of("t", "y");
    private static final NodeId HOME = NodeId.coordinator(RegionId.of(0));

    private final Reservations reservations = new Reservations();

    @Test
    void readersShareAKey() {
        reservations.reserve(txn(1), 0, HOME, List.of(read(X), write(Y)));

        assertThat(reservations.conflicts(txn(2), read(X))).isFalse();
        reservations.reserve(txn(2), 0, HOME, List.of(read(X)));
        assertThat(reservations.conflicts(txn(3), read(X))).isFalse();
        assertThat(reservations.held()).isEqualTo(2);
    }

    @Test
    void aWriterIsRefusedAKeyAnotherReads() {
        reservations.reserve(txn(1), 0, HOME, List.of(read(X), write(Y)));

        assertThat(reservations.conflicts(txn(2), write(X))).as("x is reserved for reading by 1").isTrue();
        assertThat(reservations.conflicts(txn(1), write(X))).as("its own read reservation").isFalse();
        assertThatThrownBy(() -> reservations.reserve(txn(2), 0, HOME, List.of(write(X))))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aWriterIsRefusedAKeyTwoOthersRead() {
        reservations.reserve(txn(1), 0, HOME, List.of(read(X), write(Y)));
        reservations.reserve(txn(2), 0, HOME, List.of(read(X)));

        assertThat(reservations.conflicts(txn(1), write(X))).as("2 reads x too").isTrue();
    }

    @Test
    void aReaderIsRefusedAKeyAnotherWrites() {
        reservations.reserve(txn(1), 0, HOME, List.of(write(X)));

        assertThat(reservations.conflicts(txn(2), read(X))).isTrue();
        assertThat(reservations.conflicts(txn(2), write(X))).isTrue();
        assertThat(reservations.conflicts(txn(2), read(Y))).isFalse();
    }

    @Test
    void aKeyReadAndWrittenByOneAttemptIsReservedForWriting() {
        reservations.reserve(txn(1), 0, HOME, List.of(read(X), write(X)));

        assertThat(reservations.conflicts(txn(2), read(X))).isTrue();
        reservations.release(txn(1), 0);
        assertThat(reservations.conflicts(txn(2), write(X))).isFalse();
    }

    @Test
    void aReleaseEndsTheAttemptAndFreesItsKeysForWriters() {
        reservations.reserve(txn(1), 0, HOME, List.of(read(X), write(Y)));
        reservations.reserve(txn(2), 0, HOME, List.of(read(X)));

        reservations.release(txn(1), 0);
        assertThat(reservations.conflicts(txn(3), write(Y))).isFalse();
        assertThat(reservations.conflicts(txn(3), write(X))).as("2 still reads x").isTrue();
        reservations.release(txn(2), 0);
        assertThat(reservations.conflicts(txn(3), write(X))).isFalse();
        assertThat(reservations.held()).isZero();
        assertThat(reservations.hasEnded(txn(1), 0)).isTrue();
        assertThat(reservations.hasEnded(txn(3), 0)).isFalse();
    }

    @Test
    void aLaterAttemptReplacesTheEarlierAndAnEarlierReleaseLeavesIt() {
        reservations.reserve(txn(1), 0, HOME, List.of(read(X), write(Y)));
        reservations.reserve(txn(1), 1, HOME, List.of(read(Y), write(X)));

        assertThat(reservations.conflicts(txn(2), read(X))).as("x is now written").isTrue();
        assertThat(reservations.conflicts(txn(2), read(Y))).as("y is now only read").isFalse();
        reservations.release(txn(1), 0);
        assertThat(reservations.conflicts(txn(2), write(Y))).as("attempt 1 still reads y").isTrue();
        assertThat(reservations.held()).isEqualTo(1);
    }

    private static TxnId txn(int position) {
        return new TxnId(1, RegionId.of(0), position);
    }

    private static KeyClaim read(ChainKey key) {
        return new KeyClaim(key, Access.READ, Version.ZERO);
    }

    private static KeyClaim write(ChainKey key) {
        return new KeyClaim(key, Access.WRITE, Version.ZERO);
    }
}
