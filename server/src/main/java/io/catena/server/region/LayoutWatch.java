package io.catena.server.region;

import io.catena.core.membership.OwnershipMap;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.StorageLocality;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
 * <p>Threading: its own daemon thread, since reading a layout blocks for the store's metadata.
 */
final class LayoutWatch implements MembershipSource {

    static final long PERIOD_MILLIS = 5_000;

    private static final Logger log = LoggerFactory.getLogger(LayoutWatch.class);

    private final StorageLocality locality;
    private final int servers;
    private final List<Optional<String>> beside;
    private final Consumer<OwnershipMap> change;
    private final String regionName;
    private final ScheduledExecutorService timer;
    private OwnershipMap last;
    private String lastProblem;

    /**
     * @param beside for each chain server (by index), the storage node it runs beside, if named; one
     *               not named runs beside node {@code index mod N}
     * @param change what to do with a new map: hand it to the coordinator
     */
    LayoutWatch(StorageLocality locality, int servers, List<Optional<String>> beside, Consumer<OwnershipMap> change,
                String regionName) {
        this.locality = locality;
        this.servers = servers;
        this.beside = List.copyOf(beside);
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
            OwnershipMap map = OwnershipMap.beside(layout, besideNodes(layout, servers, beside, this::warnOnce));
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
     * The storage node each chain server runs beside: the one it names when the layout has it,
     * otherwise node {@code index mod N}.
     */
    static int[] besideNodes(StoreLayout layout, int servers, List<Optional<String>> beside,
                             Consumer<String> warn) {
        int[] nodes = new int[servers];
        for (int s = 0; s < servers; s++) {
            Optional<String> named = s < beside.size() ? beside.get(s) : Optional.empty();
            int index = named.map(layout.nodes()::indexOf).orElse(-1);
            if (named.isPresent() && index < 0) {
                warn.accept("chain server " + s + " is configured beside storage node " + named.get()
                        + ", which the store does not list (it lists " + layout.nodes() + "); it serves the keys of "
                        + layout.nodes().get(s % layout.nodes().size()) + " until the names agree");
            }
            nodes[s] = index >= 0 ? index : s % layout.nodes().size();
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
