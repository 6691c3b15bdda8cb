package io.catena.logkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PendingPoolsTest {

    private static final ChainKey X = ChainKey.of("t", "x");
    private static final ChainKey Y = ChainKey.of("t", "y");
    private static final ChainKey Z = ChainKey.of("t", "z");

    private final PendingPools pools = new PendingPools();

    @Test
    void aKeyIsWrittenWhileAPendingTransactionOfEitherPoolWritesIt() {
        LocalTxn own = local(1, Set.of(X, Y), Set.of(X));
        pools.addLocal(own);
        pools.addExternal(txn(2, 1), Set.of(Z), 2);

        assertThat(pools.written(List.of(X))).isTrue();
        assertThat(pools.written(List.of(Y))).as("only read by a pending transaction").isFalse();
        assertThat(pools.written(List.of(Y, Z))).isTrue();
        assertThat(pools.oldest()).isEqualTo(1);

        pools.removeLocal(own);
        assertThat(pools.removeExternal(txn(2, 1))).isTrue();
        assertThat(pools.removeExternal(txn(2, 1))).as("already gone").isFalse();
        assertThat(pools.written(List.of(X, Y, Z))).isFalse();
        assertThat(pools.localSize() + pools.externalSize()).isZero();
        assertThat(pools.oldest()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void twoWritersOfAKeyKeepItWrittenUntilBothLeave() {
        pools.addExternal(txn(1, 1), Set.of(X), 1);
        pools.addExternal(txn(2, 2), Set.of(X), 2);
        pools.addExternal(txn(2, 2), Set.of(X), 2);
        assertThat(pools.oldestWriter(List.of(X, Y))).isEqualTo(1);

        pools.removeExternal(txn(1, 1));
        assertThat(pools.written(List.of(X))).isTrue();
        assertThat(pools.oldestWriter(List.of(X))).isEqualTo(2);
        pools.removeExternal(txn(2, 2));
        assertThat(pools.written(List.of(X))).as("a repeated add counted once").isFalse();
        assertThat(pools.oldestWriter(List.of(X))).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void thePeersWritesFindTheOwnPendingTransactionsThatReadOrWriteThemOldestFirst() {
        LocalTxn reader = local(5, Set.of(X), Set.of());
        LocalTxn writer = local(3, Set.of(X, Y), Set.of(Y));
        LocalTxn other = local(4, Set.of(Z), Set.of(Z));
        pools.addLocal(reader);
        pools.addLocal(writer);
        pools.addLocal(other);

        assertThat(pools.localTouching(List.of(X, Y))).containsExactly(writer, reader);
        assertThat(pools.localTouching(List.of(ChainKey.of("t", "w")))).isEmpty();
        pools.removeLocal(writer);
        assertThat(pools.localTouching(List.of(X, Y))).containsExactly(reader);
        assertThat(pools.local()).containsExactly(reader, other);
    }

    @Test
    void aRestampedTransactionBoundsReadsAtItsNewStampWhileStillWritingItsKeys() {
        LocalTxn own = local(3, Set.of(X), Set.of(X));
        own.stamp = Long.MAX_VALUE;
        pools.addLocal(own);
        pools.addExternal(txn(4, 1), Set.of(Y), Long.MAX_VALUE);
        assertThat(pools.oldestWriter(List.of(X, Y))).as("no version yet").isEqualTo(Long.MAX_VALUE);
        assertThat(pools.written(List.of(X, Y))).isTrue();

        pools.restampLocal(own, 9);
        pools.restampExternal(txn(4, 1), 7);
        assertThat(pools.oldestWriter(List.of(X))).isEqualTo(9);
        assertThat(pools.oldestWriter(List.of(Y))).isEqualTo(7);
        assertThat(pools.oldest()).isEqualTo(7);

        pools.removeLocal(own);
        pools.removeExternal(txn(4, 1));
        assertThat(pools.oldest()).as("each counted once, at its last stamp").isEqualTo(Long.MAX_VALUE);
        assertThat(pools.written(List.of(X, Y))).isFalse();
    }

    private static TxnId txn(long micros, int region) {
        return new TxnId(micros, RegionId.of(region), 0);
    }

    private static LocalTxn local(long pendingAt, Set<ChainKey> touched, Set<ChainKey> writes) {
        LocalTxn t = LocalTxn.readWrite(new RequestId(1, pendingAt), txn(pendingAt, 0), null, null, null);
        t.pendingAt = pendingAt;
        t.stamp = pendingAt;
        t.touched = touched;
        t.writes = writes;
        return t;
    }
}
