package io.catena.chainserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.AnnounceMembership;
import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.Footprint;
import io.catena.catenae.message.Footprints;
import io.catena.catenae.message.KeysHandedOff;
import io.catena.catenae.message.ResyncChainServer;
import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.catenae.message.TxnComputed;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.membership.HashPositions;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.message.Message;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.Access;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A key that comes to this chain server at epoch 3, while its old owner's write of epoch 2 has not
 * reached storage yet: the new owner lays the footprints of epoch 3 but loads and runs nothing on
 * the key until the change is handed off, and then reads the old owner's write.
 */
class OwnershipHandoffTest {

    private static final RegionId REGION = RegionId.of(0);
    private static final NodeId COORD = NodeId.coordinator(REGION);
    private static final ChainKey KEY = ChainKey.of("accounts", "alice");
    private static final OwnershipMap TWO = OwnershipMap.evenly(2);
    private static final int OLD = TWO.ownerOf(HashPositions.INSTANCE, KEY);
    private static final int NEW = 1 - OLD;
    private static final TxnId TXN = new TxnId(3, REGION, 0);
    private static final TxnSpec ADD = new TxnSpec.AdHoc(List.of(new Op.Read(new RowKey(KEY, "")),
            new Op.Update(new RowKey(KEY, ""), new UpdateFn.Add("n", 5))));

    private final List<Runnable> completions = new ArrayList<>();
    private final PartitionsInMemory storage = new PartitionsInMemory(completions::add, () -> 10);
    private final List<Message> sent = new ArrayList<>();
    private final ChainServer server = new ChainServer(ClusterConfig.builder().chainServersPerRegion(2).build(),
            MembershipHistory.hashed(2), REGION, NEW, 1, ProcedureRegistry.empty(),
            new NodePorts((to, m) -> sent.add(m), storage, WorkMeter.NONE));

    private void runCompletions() {
        while (!completions.isEmpty()) {
            completions.remove(0).run();
        }
    }

    private <T> List<T> sentOf(Class<T> kind) {
        return sent.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    @Test
    void theNewOwnerLoadsAndRunsTheKeyOnlyOnceTheOldOwnersEpochsAreApplied() {
        VersionedPartition alice = new VersionedPartition(KEY);
        alice.apply(Version.of(0, 1), List.of(RowWrite.put("", Row.of("n", 100))));
        storage.partitions.put(KEY, alice);
        server.onWakeup(0);
        server.onMessage(1, COORD, new AnnounceMembership(3, TWO.reassign(OLD, NEW)));
        server.onMessage(1, COORD, new ResyncChainServer(1, 1));
        server.onMessage(2, COORD, new Footprints(1, List.of(), null));
        server.onMessage(2, COORD, new Footprints(2, List.of(), null));
        server.onMessage(3, COORD, new Footprints(3, List.of(new Footprint(TXN, KEY, Access.READ_WRITE, false)), null));
        server.onMessage(4, COORD, new BackwardPass(TXN, ADD, 0, Row.EMPTY, false));
        server.onMessage(5, COORD, new CommitPass(TXN, Version.of(3, 0), ADD, 0, Row.EMPTY, List.of(), Row.EMPTY,
                List.of()));
        server.onMessage(5, COORD, new SnapshotRead(7, List.of(new RowKey(KEY, "")), null));
        runCompletions();

        assertThat(completions).isEmpty();
        assertThat(sentOf(TxnComputed.class)).as("nothing runs before the handoff").isEmpty();
        assertThat(sentOf(SnapshotReply.class)).singleElement()
                .satisfies(r -> assertThat(r.version()).as("the old owner answers reads until the handoff").isNull());

        // The old owner's write of epoch 2 lands, then the coordinator hands the change off.
        alice.apply(Version.of(2, 0), List.of(RowWrite.put("", Row.of("n", 150))));
        server.onMessage(6, COORD, new KeysHandedOff(3));
        runCompletions();

        assertThat(sentOf(TxnComputed.class)).singleElement().satisfies(c ->
                assertThat(c.result().reads().get(0).row()).isEqualTo(Row.of("n", 150)));
        assertThat(server.stats().keysHandedOver()).isEqualTo(1);
    }
}
