package io.catena.server.region;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.membership.MembershipHistory;
import io.catena.server.config.ChainServerEndpoint;
import io.catena.server.config.HostPort;
import io.catena.server.config.ServerConfig;
import io.catena.server.config.StorageBackend;
import io.catena.server.config.StorageSettings;
import io.catena.server.net.RegionLayout;
import io.catena.wire.ProcessRole;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one process of a region takes from the region's file, by its role: where it listens and
 * serves metrics, where the region's other processes are, and which store and rows are its own.
 *
 * <p>On the embedded store a split region's data is partitioned the way its chain servers own
 * keys: chain server {@code i}'s process keeps their rows in its own journal (the configured
 * path with {@code -csI} added), and the coordinator's keeps the log and the answers to clients
 * in the configured one. That is sound because only the chain server that owns a key reads or
 * writes it, and on the embedded store ownership is the fixed hash placement. A shared store
 * (Cassandra, HBase) is opened by every process alike.
 *
 * @param config    the region's validated file
 * @param role      which of the region's processes this is
 * @param candidate for a coordinator's process, which of the region's coordinator processes it is:
 *                  0 at the region's address, then its standbys in order
 */
record RoleSettings(ServerConfig config, ProcessRole role, int candidate) {

    RoleSettings(ServerConfig config, ProcessRole role) {
        this(config, role, 0);
    }

    RoleSettings {
        int listed = config.self().chainServers().size();
        if (!role.isCoordinator() && role.index() >= listed) {
            throw new IllegalArgumentException(listed == 0 ? "region " + config.region() + " lists no chainServers, so "
                    + "its chain servers run in its coordinator's process; run catena region (or catena node --role "
                    + "coordinator) instead" : "region " + config.region() + " lists " + listed + " chain-server "
                    + "processes (chain servers 0 to " + (listed - 1) + "), so there is no chain server "
                    + role.index() + "; give --index a listed one");
        }
        int standbys = config.self().standbys().size();
        if (role.isCoordinator() && (candidate < 0 || candidate > standbys)) {
            throw new IllegalArgumentException(standbys == 0 ? "region " + config.region() + " lists no standbys, so "
                    + "its one coordinator process takes no --index" : "region " + config.region() + " has "
                    + (standbys + 1) + " coordinator processes (0 at its address, 1 to " + standbys + " its standbys), "
                    + "so there is no coordinator " + candidate + "; give --index a listed one");
        }
    }

    RegionLayout layout() {
        List<InetSocketAddress> servers = config.self().chainServers().stream()
                .map(c -> socket(c.address())).toList();
        List<InetSocketAddress> coordinators = config.self().coordinators().stream().map(RoleSettings::socket).toList();
        if (role.isCoordinator()) {
            return new RegionLayout(role, coordinators.get(candidate), servers);
        }
        return new RegionLayout(role, coordinators.get(0), servers, coordinators.subList(1, coordinators.size()));
    }

    /** Where this process listens, {@code network.listenHost} applied. */
    HostPort listenAddress() {
        return role.isCoordinator() ? config.listenAddress(candidate) : withListenHost(chainServer().address());
    }

    Optional<HostPort> metricsListenAddress() {
        return role.isCoordinator() ? config.metricsListenAddress(candidate)
                : chainServer().metrics().map(this::withListenHost);
    }

    /** The storage node each chain server runs beside, as the file names it. */
    List<Optional<String>> beside() {
        return config.self().chainServers().stream().map(c -> c.beside().map(HostPort::toString)).toList();
    }

    /** The storage node this process's store connection prefers: its chain server's, in a split region. */
    Optional<HostPort> pinnedNode() {
        return role.isCoordinator() ? Optional.empty() : chainServer().beside();
    }

    /** The store this process opens: a chain server's own journal on the embedded store. */
    StorageSettings storage() {
        StorageSettings storage = config.storage();
        if (role.isCoordinator() || storage.backend() != StorageBackend.MEMORY || storage.journal().isEmpty()) {
            return storage;
        }
        Path journal = storage.journal().get();
        return StorageSettings.memory(journal.resolveSibling(journal.getFileName() + "-cs" + role.index()));
    }

    /** Whether this process keeps the region's log (and so recovers it, and must join in time). */
    boolean keepsLog() {
        return role.isCoordinator();
    }

    /**
     * The initial rows this process loads into a new store: all of them in a region of one
     * process; in a split region on the embedded store, those of the keys its chain server owns;
     * on a shared store, all of them from the coordinator's process alone.
     *
     * @param fresh whether this process's store is new (so it holds no rows yet)
     */
    Map<ChainKey, List<RowWrite>> initialRows(Map<ChainKey, List<RowWrite>> rows, boolean fresh) {
        if (!fresh || !config.split()) {
            return fresh ? rows : Map.of();
        }
        if (config.storage().backend() != StorageBackend.MEMORY) {
            return role.isCoordinator() ? rows : Map.of();
        }
        // The embedded store has no layout of its own, so its keys never move: the hash's ranges decide.
        MembershipHistory ownership = MembershipHistory.hashed(config.toClusterConfig().chainServersPerRegion());
        Map<ChainKey, List<RowWrite>> own = new LinkedHashMap<>();
        if (!role.isCoordinator()) {
            rows.forEach((key, writes) -> {
                if (ownership.serverFor(key, 1) == role.index()) {
                    own.put(key, writes);
                }
            });
        }
        return own;
    }

    /** Whether a chain server's journal is new, before its store is opened (it keeps no log to tell by). */
    boolean journalIsNew() {
        return storage().journal().map(j -> !Files.exists(j)).orElse(true);
    }

    private ChainServerEndpoint chainServer() {
        return config.self().chainServers().get(role.index());
    }

    private HostPort withListenHost(HostPort advertised) {
        return config.network().listenHost().map(advertised::withHost).orElse(advertised);
    }

    static InetSocketAddress socket(HostPort address) {
        return new InetSocketAddress(address.host(), address.port());
    }
}
