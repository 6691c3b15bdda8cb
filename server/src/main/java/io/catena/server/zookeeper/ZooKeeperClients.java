package io.catena.server.zookeeper;

import java.time.Duration;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.state.StandardConnectionStateErrorPolicy;
import org.apache.curator.retry.ExponentialBackoffRetry;

/** Curator clients of a region's ZooKeeper ensemble, each confined to the region's own namespace. */
public final class ZooKeeperClients {

    /** How long a connection attempt may take before Curator retries it. */
    private static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(5);

    private ZooKeeperClients() {
    }

    /**
     * A started client of the ensemble at {@code connect} ({@code host:port,host:port}), whose
     * paths are all under {@code /catena/CLUSTER/REGION}.
     *
     * @param sessionTimeout how long ZooKeeper keeps this client's session (and so a leader's latch)
     *                       after it last heard from it; a leader stops leading sooner, as soon as
     *                       its connection is suspended
     */
    public static CuratorFramework connect(String connect, String cluster, String region, Duration sessionTimeout) {
        CuratorFramework client = CuratorFrameworkFactory.builder()
                .connectString(connect)
                .namespace("catena/" + cluster + "/" + region)
                .sessionTimeoutMs(Math.toIntExact(sessionTimeout.toMillis()))
                .connectionTimeoutMs(Math.toIntExact(Math.min(CONNECTION_TIMEOUT.toMillis(), sessionTimeout.toMillis())))
                .retryPolicy(new ExponentialBackoffRetry(200, 10, 5_000))
                // Curator's default, said out loud: a SUSPENDED connection ends a leadership at once.
                .connectionStateErrorPolicy(new StandardConnectionStateErrorPolicy())
                .build();
        client.start();
        return client;
    }
}
