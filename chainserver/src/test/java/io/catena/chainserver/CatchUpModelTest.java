package io.catena.chainserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.TxnFinalized;
import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Catch-up against a serial model: whatever order a chain server speculated, and however far its
 * speculation got before the decision arrived, decided execution gives every transaction exactly
 * what running them one at a time in the decided order gives, and applies exactly that state.
 * The decided order is drawn at random within each epoch (the other regions' majority), so
 * speculation is sometimes valid, sometimes caught up, sometimes never ran.
 * jqwik prints the seed of a failing try; {@code @Property(seed = "...")} replays it.
 */
class CatchUpModelTest {

    @Property(tries = 300)
    void decidedExecutionEqualsTheSerialRunInTheDecidedOrder(@ForAll long seed) {
        ChainServerWorld world = new ChainServerWorld(seed);
        List<TxnId> serial = new ArrayList<>();
        Map<TxnId, Version> decided = new HashMap<>();
        world.epochs.forEach((epoch, members) -> {
            List<TxnId> order = new ArrayList<>(members.stream().map(ChainServerWorld.Txn::id).toList());
            Collections.shuffle(order, world.random);
            for (int i = 0; i < order.size(); i++) {
                decided.put(order.get(i), Version.of(epoch, i));
            }
            serial.addAll(order);
        });
        boolean decideAfterSpeculating = world.random.nextBoolean();
        world.layFootprints();
        world.startBackwardPasses();
        if (decideAfterSpeculating) {
            world.runUntilQuiet();
        }
        world.startCommitPasses(decided);
        world.runUntilQuiet();

        BackwardPassRulesModelTest.assertResultsAreSerial(world, serial);
        assertThat(world.received(TxnFinalized.class)).as("%s: every transaction finalized", world)
                .hasSize(world.txns.size());
        ChainServerStats stats = world.server.stats();
        assertThat(stats.validSpeculativeHops() + stats.caughtUpHops() + stats.unspeculatedHops())
                .isEqualTo(stats.decidedHops());
        assertThat(stats.historyMisses()).isZero();
    }
}
