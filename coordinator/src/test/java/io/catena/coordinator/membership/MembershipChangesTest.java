package io.catena.coordinator.membership;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.AnnounceMembership;
import io.catena.catenae.message.KeysHandedOff;
import io.catena.coordinator.CoordinatorContext;
import io.catena.coordinator.commit.CommitTracker;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.Membership;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.message.Message;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.Completion;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Pending;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A change's way from the host's request to the handoff, with storage completions in the test's hands. */
class MembershipChangesTest {

    private static final RegionId REGION = RegionId.of(0);
    private static final OwnershipMap THREE = OwnershipMap.evenly(3);

    private final List<Object[]> sent = new ArrayList<>();
    private final List<Completion<Object>> writes = new ArrayList<>();
    /** What a previous coordinator of the region persisted. */
    private final VersionedPartition persisted = new VersionedPartition(MembershipStore.KEY);
    private final CoordinatorContext ctx = context();
    private final CommitTracker commits = new CommitTracker(ctx, (txn, request, result, version, contended, now) -> { });
    private long nextToSchedule = 5;
    private int resumed;
    private final MembershipChanges changes = new MembershipChanges(ctx, commits, () -> nextToSchedule, now -> resumed++);

    @SuppressWarnings("unchecked")
    private CoordinatorContext context() {
        StoragePort storage = (StoragePort) Proxy.newProxyInstance(StoragePort.class.getClassLoader(),
                new Class<?>[] {StoragePort.class}, (proxy, method, args) -> {
                    assertThat(args[0]).isEqualTo(MembershipStore.KEY);
                    if (method.getName().equals("loadPartition")) {
                        return (Pending<Object>) c -> c.complete(50, persisted.toImage(), null);
                    }
                    assertThat(method.getName()).isEqualTo("apply");
                    return (Pending<Object>) writes::add;
                });
        NodePorts ports = new NodePorts((to, m) -> sent.add(new Object[] {to, m}), storage, WorkMeter.NONE);
        return new CoordinatorContext(ClusterConfig.builder().chainServersPerRegion(2).build(), MembershipHistory.hashed(2),
                REGION, ProcedureRegistry.empty(), ports);
    }

    private List<Message> sentTo(int server) {
        return sent.stream().filter(s -> s[0].equals(NodeId.chainServer(REGION, server))).map(s -> (Message) s[1]).toList();
    }

    @Test
    void aChangeIsPersistedThenAnnouncedFromTheNextEpochThenHandedOffOnceTheEpochsBeforeAreApplied() {
        commits.resumeAfter(2);
        changes.onChange(THREE);

        assertThat(changes.mayLay(4)).isTrue();
        assertThat(changes.mayLay(5)).as("no footprint of the membership's epoch before it is announced").isFalse();
        assertThat(sent).as("nothing announced before it is durable").isEmpty();

        writes.get(0).complete(100, null, null);
        assertThat(changes.mayLay(5)).isTrue();
        assertThat(resumed).isEqualTo(1);
        for (int s = 0; s < 3; s++) {
            assertThat(sentTo(s)).as("server %d, the joiner too", s).containsExactly(new AnnounceMembership(5, THREE));
        }
        ChainKey key = ChainKey.of("t", "k");
        assertThat(ctx.ownership.serverFor(key, 5)).isEqualTo(THREE.ownerOf(MembershipHistory.hashed(2).positions(), key));
        assertThat(ctx.ownership.readServerFor(key)).as("reads stay with the old owner until the handoff")
                .isEqualTo(ctx.ownership.serverFor(key, 4));

        commits.resumeAfter(4);
        changes.onApplied(350);
        assertThat(sentTo(2)).containsExactly(new AnnounceMembership(5, THREE), new KeysHandedOff(5));
        assertThat(ctx.stats.handoffWaitMicros).as("from the announcement at 100").isEqualTo(250);
        assertThat(ctx.ownership.readServerFor(key)).isEqualTo(ctx.ownership.serverFor(key, 5));
    }

    @Test
    void aRestartedServerHearsTheHistoryBeforeItsResync() {
        commits.resumeAfter(4);
        changes.onChange(THREE);
        writes.get(0).complete(100, null, null);
        sent.clear();

        changes.onHello(1);

        assertThat(sentTo(1)).containsExactly(new AnnounceMembership(5, THREE), new KeysHandedOff(5));
    }

    @Test
    void aFailedWriteIsPersistedAgainAndChangesFollowEachOtherInOrder() {
        changes.onChange(THREE);
        changes.onChange(OwnershipMap.evenly(4));
        writes.get(0).complete(100, null, new IllegalStateException("store down"));
        assertThat(sent).isEmpty();

        changes.retryFailed();
        writes.get(1).complete(200, null, null);
        assertThat(sentTo(0)).containsExactly(new AnnounceMembership(5, THREE));

        writes.get(2).complete(300, null, null);
        assertThat(sentTo(0)).containsExactly(new AnnounceMembership(5, THREE),
                new AnnounceMembership(6, OwnershipMap.evenly(4)));
    }

    @Test
    void aReplacedCoordinatorReadsTheHistoryBackAndTellsEveryServerBeforeItSchedules() {
        Membership three = new Membership(5, THREE);
        Membership four = new Membership(9, OwnershipMap.evenly(4));
        persisted.apply(Version.of(5, 0), List.of(RowWrite.put("5", MembershipStore.encode(three))));
        persisted.apply(Version.of(9, 0), List.of(RowWrite.put("9", MembershipStore.encode(four))));
        boolean[] read = new boolean[1];

        changes.readBack((now, ignored, failure) -> read[0] = failure == null);
        commits.resumeAfter(6);
        changes.announceRecovered();

        assertThat(read[0]).isTrue();
        assertThat(ctx.ownership.history().memberships()).endsWith(three, four);
        for (int s = 0; s < 4; s++) {
            assertThat(sentTo(s)).as("server %d", s).containsExactly(new AnnounceMembership(5, THREE),
                    new AnnounceMembership(9, OwnershipMap.evenly(4)), new KeysHandedOff(5));
        }
    }

    @Test
    void aMapOfOtherPositionsOrTheSameMapAgainChangesNothing() {
        changes.onChange(new OwnershipMap("murmur3", List.of(new KeyRange(new byte[0], 0))));
        changes.onChange(OwnershipMap.evenly(2));

        assertThat(writes).isEmpty();
        assertThat(ctx.stats.membershipChangesRefused).isEqualTo(1);
    }
}
