package io.catena.rlog;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The replicated log under random appends and a network that loses, duplicates, delays and
 * reorders shipments, against a model ({@link LogWorld}): (1) every region learns every other
 * region's every record exactly once, (2) per origin in timestamp order, (3) after every record its
 * origin had when it appended it (happened-before); (4) at all times a region's beliefs are lower
 * bounds ({@code T_i[j][k] ≤ T_j[j][k]}) and its own row is exactly the newest it has; (6) a log
 * keeps exactly the records its table does not show every region to have; and (5) once every pair
 * has exchanged until quiet, every log has discarded everything. Shipments are checked to hold
 * exactly the kept records the sender believes the peer lacks. Clocks are skewed by more than a
 * shipment's delay, so the Lamport rule of {@link ReplicatedLog#nextTimestamp} matters.
 *
 * <p>jqwik prints the sample of a failing try ({@code seed}, {@code regions}), which every
 * assertion message names too; {@code @Property(seed = "...")} with the seed jqwik prints replays it.
 */
class ReplicatedLogModelTest {

    @Property(tries = 300)
    void everyRegionLearnsEveryRecordOnceInOrderAndEveryLogEmpties(
            @ForAll long seed, @ForAll @IntRange(min = 3, max = 5) int regions) {
        LogWorld world = new LogWorld(seed, regions);

        world.run(400);
        world.exchangeUntilQuiet(10);

        world.assertEverybodyHasEverythingAndKeepsNothing();
        assertThat(world.appendedCount()).as("%s: records were appended", world).isPositive();
    }
}
