package io.catena.chainserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.KeyOrderReport;
import io.catena.catenae.message.TxnComputed;
import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Outcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Rules 1 and 2 of the backward pass against a serial model. A random workload's backward passes,
 * resolver answers and storage loads reach one chain server in a random order; then:
 * <ul>
 *   <li>every contended key of every epoch votes once, with every transaction of the epoch there;</li>
 *   <li>Rule 2: each key's precommit order keeps every order the resolver recorded;</li>
 *   <li>Rule 1: the per-key orders, with every epoch before the next, have no cycle, so the region's
 *       speculation is one serial order;</li>
 *   <li>decided in that order, every hop's speculation is valid (none catches up) and every result
 *       is what running the transactions serially in that order gives.</li>
 * </ul>
 * jqwik prints the seed of a failing try; {@code @Property(seed = "...")} replays it.
 */
class BackwardPassRulesModelTest {

    /** A vote that waits out its grace time after the last message: the world must still deliver it. */
    @Example
    void aVoteDueAfterTheLastMessageIsSent() {
        speculationFollowsRulesOneAndTwoAndEqualsASerialRun(6981);
    }

    @Property(tries = 300)
    void speculationFollowsRulesOneAndTwoAndEqualsASerialRun(@ForAll long seed) {
        ChainServerWorld world = new ChainServerWorld(seed);
        world.layFootprints();
        world.startBackwardPasses();
        world.runUntilQuiet();

        Map<List<Object>, List<TxnId>> votes = new LinkedHashMap<>();
        for (KeyOrderReport r : world.received(KeyOrderReport.class)) {
            assertThat(votes.put(List.of(r.epoch(), r.key()), r.order())).as("%s: one vote per key and epoch", world)
                    .isNull();
        }
        Map<TxnId, Set<TxnId>> edges = new LinkedHashMap<>();
        world.txns.keySet().forEach(t -> edges.put(t, new LinkedHashSet<>()));
        for (Map.Entry<Long, List<ChainServerWorld.Txn>> e : world.epochs.entrySet()) {
            for (ChainKey key : world.keys) {
                checkKey(world, e.getKey(), key, votes.get(List.of(e.getKey(), key)), edges);
            }
        }
        List<TxnId> serial = serialOrder(world, edges);

        Map<TxnId, Version> decided = new HashMap<>();
        Map<Long, Integer> rank = new HashMap<>();
        for (TxnId t : serial) {
            decided.put(t, Version.of(t.epoch(), rank.merge(t.epoch(), 1, Integer::sum) - 1));
        }
        world.startCommitPasses(decided);
        world.runUntilQuiet();
        assertThat(world.server.stats().caughtUpHops()).as("%s: speculation in order %s", world, serial).isZero();
        assertThat(world.server.stats().unspeculatedHops()).as("%s", world).isZero();
        assertResultsAreSerial(world, serial);
    }

    /** Checks the vote of one key in one epoch and adds its conflicting orders to {@code edges}. */
    private static void checkKey(ChainServerWorld world, long epoch, ChainKey key, List<TxnId> vote,
                                 Map<TxnId, Set<TxnId>> edges) {
        List<ChainServerWorld.Txn> on = world.epochs.get(epoch).stream().filter(t -> t.keys().contains(key)).toList();
        if (!world.contended(epoch, key)) {
            assertThat(vote).as("%s: no vote on uncontended %s in epoch %d", world, key, epoch).isNull();
            return;
        }
        assertThat(vote).as("%s: vote on %s in epoch %d", world, key, epoch).isNotNull()
                .containsExactlyInAnyOrderElementsOf(on.stream().map(ChainServerWorld.Txn::id).toList());
        for (int i = 0; i < vote.size(); i++) {
            for (int j = i + 1; j < vote.size(); j++) {
                ChainServerWorld.Txn a = world.txns.get(vote.get(i));
                ChainServerWorld.Txn b = world.txns.get(vote.get(j));
                if (!a.conflictsWith(b, key)) {
                    continue;
                }
                assertThat(world.precedes(b.id(), a.id()))
                        .as("%s: Rule 2 on %s: the resolver ordered %s before %s, precommits were %s",
                                world, key, b.id(), a.id(), vote)
                        .isFalse();
                edges.get(a.id()).add(b.id());
            }
        }
    }

    /** One serial order: epochs in turn (Rule 1), within each a topological order of the per-key orders. */
    private static List<TxnId> serialOrder(ChainServerWorld world, Map<TxnId, Set<TxnId>> edges) {
        List<TxnId> order = new ArrayList<>();
        for (List<ChainServerWorld.Txn> members : world.epochs.values()) {
            List<TxnId> left = new ArrayList<>(members.stream().map(ChainServerWorld.Txn::id).toList());
            while (!left.isEmpty()) {
                TxnId next = left.stream()
                        .filter(t -> left.stream().noneMatch(o -> edges.get(o).contains(t)))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(world + ": the precommit orders of keys form a cycle: "
                                + edges));
                order.add(next);
                left.remove(next);
            }
        }
        return order;
    }

    static void assertResultsAreSerial(ChainServerWorld world, List<TxnId> serial) {
        Map<ChainKey, Long> finalValues = new HashMap<>();
        Map<TxnId, List<ReadResult>> expected = world.runSerially(serial, finalValues);
        Map<TxnId, TxnComputed> computed = new HashMap<>();
        for (TxnComputed c : world.received(TxnComputed.class)) {
            assertThat(computed.put(c.txn(), c)).as("%s: computed once", world).isNull();
        }
        for (TxnId t : serial) {
            TxnComputed c = computed.get(t);
            assertThat(c).as("%s: %s computed", world, t).isNotNull();
            assertThat(c.result().outcome()).isEqualTo(Outcome.COMMITTED);
            assertThat(counters(c.result().reads())).as("%s: what %s read, serial order %s", world, t, serial)
                    .isEqualTo(counters(expected.get(t)));
        }
        for (ChainKey key : world.keys) {
            assertThat(world.storedValue(key)).as("%s: %s applied, serial order %s", world, key, serial)
                    .isEqualTo(finalValues.get(key));
        }
    }

    private static List<Long> counters(List<ReadResult> reads) {
        return reads.stream().map(r -> r.row() == null ? -1 : r.row().getLong("n", -1)).toList();
    }
}
