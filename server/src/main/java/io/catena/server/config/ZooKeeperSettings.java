package io.catena.server.config;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The region's ZooKeeper ensemble ({@code zookeeper:} in the file), where its coordinator
 * processes elect a leader and number its terms. A region whose file lists standbys needs it.
 *
 * @param servers        the ensemble's servers (required, at least one)
 * @param sessionTimeout how long ZooKeeper keeps a coordinator's session after it last heard from
 *                       it: the longest a standby waits after a leader's process died before it
 *                       takes over (default {@link #DEFAULT_SESSION_TIMEOUT})
 */
public record ZooKeeperSettings(List<HostPort> servers, Duration sessionTimeout) {

    public static final Duration DEFAULT_SESSION_TIMEOUT = Duration.ofSeconds(10);

    public ZooKeeperSettings {
        servers = List.copyOf(servers);
        Objects.requireNonNull(sessionTimeout, "sessionTimeout");
        if (servers.isEmpty()) {
            throw new IllegalArgumentException("a ZooKeeper ensemble has at least one server");
        }
    }

    /** The servers as ZooKeeper's connect string, {@code host:port,host:port}. */
    public String connectString() {
        return servers.stream().map(HostPort::toString).collect(Collectors.joining(","));
    }
}
