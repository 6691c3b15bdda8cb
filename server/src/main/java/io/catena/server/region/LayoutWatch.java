package io.catena.server.region;

import io.catena.core.membership.OwnershipMap;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.StorageLocality;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a region's chain servers beside the storage nodes that hold their keys: reads the store's
 * layout now and every {@link #PERIOD_MILLIS} ms after, derives the map that puts each range on a
 * chain server beside its node ({@link OwnershipMap#beside}), and hands every map that differs from
 * the last one to the coordinator as a membership change. Runs in the coordinator's process only,
 * so a region's maps have one author; a change reaches the chain servers from a membership epoch on
 * (PROTOCOL.md, "Membership epochs and ownership changes").
 *
 * <p>The chain servers a region starts with always take part. One added while the region runs
 * takes part from the first check after its process connected to this one (and, in a region with
 * ZooKeeper, registered there), and stays in from then on (a process that dies rejoins; it does
 * not leave): until then its node's ranges stay with the others, so no key waits on a process
 * that never came. One whose storage node left the store's layout owns nothing ({@link #besideNodes}).
 *
 * <p>Threading: its own daemon thread, since reading a layout blocks for the store's metadata.
 */
final class LayoutWatch implements MembershipSource {

    static final long PERIOD_MILLIS = 5_000;

    private static final Logger log = LoggerFactory.getLogger(LayoutWatch.class);

    private final StorageLocality locality;
    private final int founding;
    private final Supplier<List<Optional<String>>> beside;
    private final IntPredicate connected;
    /** Chain servers taking part: the founding ones and every added one seen connected. */
    private final BitSet taking = new BitSet();
    private final Consumer<OwnershipMap> change;
    private final String regionName;
    private final ScheduledExecutorService timer;
    private OwnershipMap last;
    private String lastProblem;

    /**
     * @param founding  the chain servers the region started with
     * @param beside    for each chain server (by index), the storage node it runs beside, if named; one
     *                  not named runs beside node {@code index mod N}. As of now: it grows with the
     *                  region, and a chain server past it was added
     * @param connected whether the process of chain server {@code i} is connected to this one
     * @param change    what to do with a new map: hand it to the coordinator
     */
    LayoutWatch(StorageLocality locality, int founding, Supplier<List<Optional<String>>> beside,
                IntPredicate connected, Consumer<OwnershipMap> change, String regionName) {
        this.locality = locality;
        this.founding = founding;
        this.beside = beside;
        this.connected = connected;
        this.taking.set(0, founding);
        this.change = change;
        this.regionName = regionName;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "catena-" + regionName + "-layout");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void start() {
        timer.scheduleWithFixedDelay(this::check, 0, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * One look at the layout: the timer's task, and a step a test can take without waiting for
     * the timer. Called by one thread at a time.
     */
    void check() {
        try {
            StoreLayout layout = locality.layout();
            List<Optional<String>> named = beside.get();
            int servers = Math.max(founding, named.size());
            for (int s = taking.nextClearBit(0); s < servers; s = taking.nextClearBit(s + 1)) {
                if (connected.test(s)) {
                    log.info("region {}: chain server {} joined, and takes the keys of the storage node it runs beside",
                            regionName, s);
                    taking.set(s);
                }
            }
            List<String> problems = new ArrayList<>();
            int[] nodes = besideNodes(layout, servers, named, taking::get, problems::add);
            if (!problems.isEmpty()) {
                warnOnce(String.join("; ", problems));
            }
            OwnershipMap map = OwnershipMap.beside(layout, nodes);
            if (!map.equals(last)) {
                log.info("region {}: the store's layout places its keys on {} storage nodes; chain servers {} own"
                        + " them from the next membership epoch", regionName, layout.nodes().size(), map.owners());
                last = map;
                change.accept(map);
            }
        } catch (RuntimeException e) {
            warnOnce("cannot read the store's layout, so chain servers stay where they are: " + e.getMessage());
        }
    }

    /**
     * The storage node each chain server taking part runs beside ({@link OwnershipMap#ABSENT} for
     * the others): the one it names when the layout has it, node {@code index mod N} when it names
     * none. One that names a node the layout lacks (a node that left the ring, as a decommissioned
     * Cassandra node does) owns no keys, which its neighbours' chain servers take; only if no chain
     * server taking part is beside a listed node do those fall back to {@code index mod N}, so that
     * a region whose names all differ from the store's still runs.
     */
    static int[] besideNodes(StoreLayout layout, int servers, List<Optional<String>> beside, IntPredicate takesPart,
                             Consumer<String> warn) {
        int[] nodes = new int[servers];
        List<Integer> unlisted = new ArrayList<>();
        boolean noneListed = true;
        for (int s = 0; s < servers; s++) {
            Optional<String> named = s < beside.size() ? beside.get(s) : Optional.empty();
            int index = named.map(layout.nodes()::indexOf).orElse(-1);
            nodes[s] = OwnershipMap.ABSENT;
            if (!takesPart.test(s)) {
                continue;
            }
            if (named.isPresent() && index < 0) {
                unlisted.add(s);
            } else {
                nodes[s] = index >= 0 ? index : s % layout.nodes().size();
                noneListed = false;
            }
        }
        for (int s : unlisted) {
            String named = beside.get(s).orElseThrow();
            if (noneListed) {
                nodes[s] = s % layout.nodes().size();
            }
            warn.accept("chain server " + s + " is configured beside storage node " + named + ", which the store does "
                    + "not list (it lists " + layout.nodes() + "); " + (noneListed ? "no chain server is beside a "
                    + "listed node, so it serves the keys of " + layout.nodes().get(nodes[s]) + " until the names agree"
                    : "it owns no keys until the store lists that node (one that left the ring, or a name that "
                    + "differs from the store's)"));
        }
        return nodes;
    }

    private void warnOnce(String problem) {
        if (!problem.equals(lastProblem)) {
            lastProblem = problem;
            log.warn("region {}: {}", regionName, problem);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
