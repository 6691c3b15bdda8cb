package io.catena.baselines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.ClaimReply;
import io.catena.baselines.message.ClaimVerdict;
import io.catena.baselines.message.KeyClaim;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.Access;
import io.catena.kit.QueuedStoragePort;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cycle OCC once let through (seed 16 of list-append on 12 keys, 8 clients): T1 reads x and
 * writes y, T2 reads y and writes z, T3 reads z and writes x, validated by the majorities {A, B},
 * {B, C} and {C, A}, each region judging a reader before the writer of the key it read. The three
 * regions are driven as participants, each claim coming from the home outside its majority.
 */
class OptimisticCycleTest {

    private static final ChainKey X = ChainKey.of("lists", "x");
    private static final ChainKey Y = ChainKey.of("lists", "y");
    private static final ChainKey Z = ChainKey.of("lists", "z");
    /** The version {@link QueuedStoragePort#seed} writes the keys at. */
    private static final Version SEEDED = Version.of(0, 1);

    private final List<ClaimReply> replies = new ArrayList<>();
    private final List<Region> regions = List.of(new Region(0), new Region(1), new Region(2));
    private final Region a = regions.get(0);
    private final Region b = regions.get(1);
    private final Region c = regions.get(2);

    @Test
    void aWriterIsRefusedWhereAReaderOfItsKeyWasValidatedFirst() {
        ClaimKeys t1 = claim(1, X, Y);
        ClaimKeys t2 = claim(2, Y, Z);
        ClaimKeys t3 = claim(3, Z, X);

        a.validate(c.home(), t1);
        b.validate(a.home(), t2);
        c.validate(b.home(), t3);
        assertThat(replies).extracting(ClaimReply::verdict).as("each reader first, at one region of its majority")
                .containsOnly(ClaimVerdict.GRANTED).hasSize(3);

        a.validate(b.home(), t3);
        b.validate(c.home(), t1);
        c.validate(a.home(), t2);

        assertThat(replies.subList(3, 6)).extracting(ClaimReply::txn, ClaimReply::verdict).as("each writer after")
                .containsExactly(tuple(t3.txn(), ClaimVerdict.REFUSED), tuple(t1.txn(), ClaimVerdict.REFUSED),
                        tuple(t2.txn(), ClaimVerdict.REFUSED));
    }

    @Test
    void aReadOnlyClaimReservesNothing() {
        ClaimKeys readOnly = new ClaimKeys(txn(4), 0, List.of(new KeyClaim(X, Access.READ, SEEDED)));
        a.validate(b.home(), readOnly);

        a.validate(b.home(), claim(3, Z, X));

        assertThat(replies).extracting(ClaimReply::verdict).containsExactly(ClaimVerdict.GRANTED, ClaimVerdict.GRANTED);
        assertThat(a.node.quiescent()).as("the writer holds x and z").isFalse();
    }

    /** A claim of a transaction that reads {@code read} and writes {@code written}, both as seeded. */
    private static ClaimKeys claim(int position, ChainKey read, ChainKey written) {
        return new ClaimKeys(txn(position), 0, List.of(new KeyClaim(read, Access.READ, SEEDED),
                new KeyClaim(written, Access.READ_WRITE, SEEDED)));
    }

    private static TxnId txn(int position) {
        return new TxnId(1, RegionId.of(0), position);
    }

    /** One region's OCC node, its keys seeded, its storage answering when a claim needs it. */
    private final class Region {

        final OptimisticNode node;
        final RegionId id;
        private final QueuedStoragePort storage = new QueuedStoragePort();

        Region(int index) {
            id = RegionId.of(index);
            for (ChainKey k : List.of(X, Y, Z)) {
                storage.seed(k, "e", Row.of("v", 0));
            }
            NodePorts ports = new NodePorts((to, m) -> record(m), storage, WorkMeter.NONE);
            node = new OptimisticNode(ClusterConfig.builder().build(), id, ProcedureRegistry.empty(), ports,
                    new BaselineSettings(2_000_000, 1, 100));
        }

        NodeId home() {
            return NodeId.coordinator(id);
        }

        void validate(NodeId from, ClaimKeys claim) {
            node.onMessage(1_000, from, claim);
            storage.deliverAll();
        }

        private void record(Message m) {
            if (m instanceof ClaimReply r) {
                replies.add(r);
            }
        }
    }
}
