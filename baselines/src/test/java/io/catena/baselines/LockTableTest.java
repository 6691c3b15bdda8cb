package io.catena.baselines;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.baselines.message.KeyClaim;
import io.catena.core.data.ChainKey;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Access;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LockTableTest {

    private static final ChainKey K = ChainKey.of("t", "k");
    private static final ChainKey J = ChainKey.of("t", "j");
    private static final NodeId HOME = NodeId.coordinator(RegionId.of(0));

    private final List<String> events = new ArrayList<>();
    private final LockTable locks = new LockTable(new LockTable.Listener() {
        @Override
        public void granted(LockTable.Claim claim) {
            events.add("grant " + claim.txn.position() + "/" + claim.attempt);
        }

        @Override
        public void wound(TxnId holder, int attempt, NodeId home) {
            events.add("wound " + holder.position() + "/" + attempt);
        }
    });

    @Test
    void readersShareAKeyAndAWriterWaitsForThem() {
        locks.claim(claim(1, 0, K, Access.READ));
        locks.claim(claim(2, 0, K, Access.READ));
        locks.claim(claim(3, 0, K, Access.WRITE));
        assertThat(events).containsExactly("grant 1/0", "grant 2/0");

        locks.release(txn(1), 0);
        locks.release(txn(2), 0);
        assertThat(events).containsExactly("grant 1/0", "grant 2/0", "grant 3/0");
    }

    @Test
    void anOlderTransactionWoundsAYoungerHolderAndAYoungerOneWaits() {
        locks.claim(claim(5, 0, K, Access.WRITE));
        locks.claim(claim(9, 0, K, Access.WRITE));
        assertThat(events).as("younger waits, nobody wounded").containsExactly("grant 5/0");

        locks.claim(claim(2, 0, K, Access.WRITE));
        assertThat(events).containsExactly("grant 5/0", "wound 5/0");

        locks.release(txn(5), 0);
        assertThat(events).as("the oldest waiter goes first").containsExactly("grant 5/0", "wound 5/0", "grant 2/0");
        locks.release(txn(2), 0);
        assertThat(events).last().isEqualTo("grant 9/0");
    }

    @Test
    void aClaimIsGrantedOnlyWhenEveryKeyIsAndThenOnce() {
        locks.claim(claim(1, 0, K, Access.WRITE));
        locks.claim(new LockTable.Claim(txn(4), 0, HOME,
                List.of(new KeyClaim(J, Access.WRITE, null), new KeyClaim(K, Access.READ, null))));
        assertThat(events).containsExactly("grant 1/0");

        locks.release(txn(1), 0);
        assertThat(events).containsExactly("grant 1/0", "grant 4/0");
    }

    @Test
    void aClaimThatArrivesAfterItsAttemptEndedIsIgnoredButALaterAttemptIsNot() {
        locks.release(txn(3), 0);
        locks.claim(claim(3, 0, K, Access.WRITE));
        assertThat(events).isEmpty();
        assertThat(locks.activeClaims()).isZero();

        locks.claim(claim(3, 1, K, Access.WRITE));
        assertThat(events).containsExactly("grant 3/1");
    }

    private static LockTable.Claim claim(int position, int attempt, ChainKey key, Access access) {
        return new LockTable.Claim(txn(position), attempt, HOME, List.of(new KeyClaim(key, access, null)));
    }

    private static TxnId txn(int position) {
        return new TxnId(100, RegionId.of(0), position);
    }
}
