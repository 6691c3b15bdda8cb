package io.catena.server.region;

/**
 * Where a region's coordinator process learns which chain server should own which keys: today
 * the region's configuration and the store's own metadata ({@link LayoutWatch}); with the next
 * issue, ZooKeeper, where chain servers register and the map is published. Whatever the source, a
 * new map reaches the chain servers the same way, as a membership change the coordinator turns
 * into a membership epoch.
 */
interface MembershipSource extends AutoCloseable {

    /**
     * Starts handing every map that differs from the last one to the coordinator (what the source
     * was made with), from a thread of its own.
     */
    void start();

    @Override
    void close();
}
