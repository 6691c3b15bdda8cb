package io.catena.simulation.fault;

import io.catena.core.membership.OwnershipMap;
import io.catena.harness.SeededRandom;
import java.util.ArrayList;
import java.util.List;

/**
 * The ownership map a host asks for when an {@link Fault.OwnershipChange} comes, drawn from the
 * change's pick against the map the host last asked for, so that a seed replays exactly.
 */
public final class OwnershipDraw {

    private OwnershipDraw() {
    }

    /**
     * The next map, or null when the change has nothing to do (a leave of the only owner).
     *
     * @param servers the chain servers the region runs; a joiner takes index {@code servers}
     */
    public static OwnershipMap next(Fault.OwnershipChange.Kind kind, OwnershipMap current, int servers, long pick) {
        SeededRandom random = new SeededRandom(pick);
        return switch (kind) {
            case JOIN -> join(current, servers, random);
            case LEAVE -> leave(current, random);
            case MOVE -> move(current, servers, random);
        };
    }

    /** The joiner takes about its share of the ranges, at least one. */
    private static OwnershipMap join(OwnershipMap current, int joiner, SeededRandom random) {
        int share = current.owners().size() + 1;
        OwnershipMap next = current.move(random.nextInt(current.ranges().size()), joiner);
        for (int i = 0; i < next.ranges().size(); i++) {
            if (random.nextInt(share) == 0) {
                next = next.move(i, joiner);
            }
        }
        return next;
    }

    /** One owner's ranges go, each, to one of the others. */
    private static OwnershipMap leave(OwnershipMap current, SeededRandom random) {
        List<Integer> owners = new ArrayList<>(current.owners());
        if (owners.size() < 2) {
            return null;
        }
        int leaver = owners.remove(random.nextInt(owners.size()));
        OwnershipMap next = current;
        for (int i = 0; i < next.ranges().size(); i++) {
            if (next.ranges().get(i).owner() == leaver) {
                next = next.move(i, owners.get(random.nextInt(owners.size())));
            }
        }
        return next;
    }

    /** One to three ranges go to another of the region's chain servers (one that left comes back so). */
    private static OwnershipMap move(OwnershipMap current, int servers, SeededRandom random) {
        if (servers < 2) {
            return null;
        }
        OwnershipMap next = current;
        for (int moves = 1 + random.nextInt(3); moves > 0; moves--) {
            int i = random.nextInt(next.ranges().size());
            int to = (next.ranges().get(i).owner() + 1 + random.nextInt(servers - 1)) % servers;
            next = next.move(i, to);
        }
        return next;
    }
}
