package io.catena.server.region;

/**
 * Where a region's coordinator process learns which chain server should own which keys: the
 * store's own metadata and the chain servers the region's file lists or that registered in its
 * ZooKeeper ({@link LayoutWatch}, with {@link ZooKeeperMembers}, which also publishes each map).
 * Whatever the source, a new map reaches the chain servers the same way, as a membership change
 * the coordinator turns into a membership epoch.
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
