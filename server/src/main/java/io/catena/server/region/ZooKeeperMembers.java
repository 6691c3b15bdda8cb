package io.catena.server.region;

import io.catena.core.membership.OwnershipMap;
import io.catena.server.config.HostPort;
import io.catena.server.config.ZooKeeperSettings;
import io.catena.server.zookeeper.ChainServerRegistry;
import io.catena.server.zookeeper.ChainServerRegistry.Registration;
import io.catena.server.zookeeper.PublishedOwnership;
import io.catena.server.zookeeper.ZooKeeperClients;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import org.apache.curator.framework.CuratorFramework;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One process's share of its region's membership in ZooKeeper (DESIGN.md §1: ZooKeeper holds which
 * chain server owns which range). A chain-server process registers there ({@link ChainServerRegistry});
 * every process of a split region follows the registrations and grows by a chain server registered
 * beyond those it knows, as it does for one appended to its file; the coordinator's process takes
 * an added chain server's registration as a condition of giving it keys, and publishes every
 * ownership map it asks for ({@link PublishedOwnership}). A region's file stays the source of its
 * founding chain servers, so a region whose ZooKeeper is down runs on as configured.
 *
 * <p>Threading: registrations arrive on Curator's cache thread; {@link #publish} is called from the
 * coordinator process's layout thread.
 */
public final class ZooKeeperMembers implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ZooKeeperMembers.class);

    private final CuratorFramework client;
    private final boolean ownsClient;
    private final ChainServerRegistry registry;
    private final PublishedOwnership ownership;
    private final String regionName;
    private String lastProblem;

    /** @param client a started client, namespaced to the region; the caller closes it after this */
    public ZooKeeperMembers(CuratorFramework client, String regionName) {
        this(client, false, regionName);
    }

    private ZooKeeperMembers(CuratorFramework client, boolean ownsClient, String regionName) {
        this.client = client;
        this.ownsClient = ownsClient;
        this.registry = new ChainServerRegistry(client).start();
        this.ownership = new PublishedOwnership(client);
        this.regionName = regionName;
    }

    /** Connects to the region's ensemble with a client of its own, which {@link #close} closes. */
    static ZooKeeperMembers connect(ZooKeeperSettings zk, String cluster, String region) {
        return new ZooKeeperMembers(ZooKeeperClients.connect(zk.connectString(), cluster, region, zk.sessionTimeout()),
                true, region);
    }

    /** Registers chain server {@code index} of this process, reached at {@code address}. */
    void register(int index, HostPort address, Optional<String> beside) {
        registry.register(new Registration(index, address, beside));
        log.info("region {}: chain server {} registered in ZooKeeper at {}{}", regionName, index,
                ChainServerRegistry.PATH + "/" + index, beside.map(b -> ", beside storage node " + b).orElse(""));
    }

    /** From now on grows {@code runtime} by every chain server registered past those it knows. */
    void follow(RegionRuntime runtime) {
        if (runtime.layout().split()) {
            registry.listen(registered -> grow(runtime, registered));
        }
    }

    /** Whether chain server {@code index}'s process is registered now (its ZooKeeper session alive). */
    boolean registered(int index) {
        return registry.registered().containsKey(index);
    }

    /** Publishes the map this process asks for in leader term {@code term}; a failure is logged, and the next map retries. */
    void publish(OwnershipMap map, long term) {
        try {
            if (!ownership.publish(term, map)) {
                warnOnce("a leader of a later term published the ownership map, so this one's (term " + term
                        + ") is not published");
            }
        } catch (Exception e) {
            warnOnce("cannot publish the ownership map in ZooKeeper (" + e + "); its chain servers still get it");
        }
    }

    private void grow(RegionRuntime runtime, SortedMap<Integer, Registration> registered) {
        int known = runtime.layout().chainServers().size();
        List<InetSocketAddress> addresses = new ArrayList<>();
        List<Optional<String>> beside = new ArrayList<>();
        for (int i = known; registered.containsKey(i); i++) {
            addresses.add(RoleSettings.socket(registered.get(i).address()));
            beside.add(registered.get(i).beside());
        }
        if (addresses.isEmpty()) {
            return;
        }
        try {
            runtime.addChainServers(known, addresses, beside);
        } catch (IllegalArgumentException e) {
            warnOnce("chain servers registered in ZooKeeper cannot join this region while it runs: " + e.getMessage());
        }
    }

    private synchronized void warnOnce(String problem) {
        if (!problem.equals(lastProblem)) {
            lastProblem = problem;
            log.warn("region {}: {}", regionName, problem);
        }
    }

    @Override
    public void close() {
        registry.close();
        if (ownsClient) {
            client.close();
        }
    }
}
