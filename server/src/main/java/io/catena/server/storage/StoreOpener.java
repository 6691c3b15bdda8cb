package io.catena.server.storage;

import io.catena.core.spi.StorageEngine;
import io.catena.server.config.CassandraStoreSettings;
import io.catena.server.config.HBaseStoreSettings;
import io.catena.server.config.HostPort;
import io.catena.server.config.StorageSettings;
import io.catena.server.config.StoreLogin;
import io.catena.storage.cassandra.CassandraCredentials;
import io.catena.storage.cassandra.CassandraSettings;
import io.catena.storage.cassandra.CassandraStorageEngine;
import io.catena.storage.hbase.HBaseSettings;
import io.catena.storage.hbase.HBaseStorageEngine;
import io.catena.storage.memory.MemoryStorageEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;

/**
 * Opens a region's store as its configuration says: the embedded store (with its journal, if
 * any), the region's keyspace in its Cassandra cluster or its namespace in its HBase cluster. The
 * adapters install their schema into an empty keyspace or namespace and check it otherwise, so a
 * store of another cluster, region or layout is refused here, before any node starts.
 */
public final class StoreOpener {

    private StoreOpener() {
    }

    /**
     * @param cluster the Catena cluster name, recorded in (and checked against) the store
     * @param region  the region's name, likewise
     * @throws StoreOpenException with one sentence saying what is wrong and what to do
     */
    public static StorageEngine open(StorageSettings settings, String cluster, String region) {
        return open(settings, cluster, region, Optional.empty());
    }

    /**
     * As above, for a chain server's process beside storage node {@code beside}: on Cassandra its
     * requests go to that node first, so a hop on a key the node holds touches no other machine (HBase
     * routes every request to the region's server anyway).
     */
    public static StorageEngine open(StorageSettings settings, String cluster, String region,
                                     Optional<HostPort> beside) {
        return switch (settings.backend()) {
            case MEMORY -> memory(settings);
            case CASSANDRA -> cassandra(settings.cassandra().orElseThrow(() -> new StoreOpenException(
                    "storage.backend is cassandra but storage.cassandra is missing")), cluster, region, beside);
            case HBASE -> hbase(settings.hbase().orElseThrow(() -> new StoreOpenException(
                    "storage.backend is hbase but storage.hbase is missing")), cluster, region);
        };
    }

    /** The settings the HBase adapter takes for one region. */
    public static HBaseSettings hbaseSettings(HBaseStoreSettings s, String cluster, String region) {
        return new HBaseSettings(s.quorum(), s.namespaceFor(cluster, region), cluster, region, s.operationTimeout());
    }

    /** The settings the Cassandra adapter takes for one region. */
    public static CassandraSettings cassandraSettings(CassandraStoreSettings s, String cluster, String region) {
        List<InetSocketAddress> points = s.contactPoints().stream()
                .map(h -> new InetSocketAddress(h.host(), h.port())).toList();
        return new CassandraSettings(points, s.localDatacenter(), s.keyspaceFor(cluster, region), cluster, region,
                CassandraSettings.levelNamed(s.consistency()), s.requestTimeout(),
                CassandraSettings.simpleReplication(s.replicationFactor()), s.login().map(StoreOpener::credentials));
    }

    /**
     * The login with its password read from its file now, at open, so a rotated secret is picked up
     * by a restart; one trailing line break (what {@code echo} leaves) is not part of it.
     */
    static CassandraCredentials credentials(StoreLogin login) {
        String password;
        try {
            password = Files.readString(login.passwordFile(), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new StoreOpenException("cannot read the password of Cassandra user '" + login.username() + "' from "
                    + login.passwordFile() + ": " + e.getMessage(), e);
        }
        password = password.endsWith("\r\n") ? password.substring(0, password.length() - 2)
                : password.endsWith("\n") ? password.substring(0, password.length() - 1) : password;
        if (password.isEmpty()) {
            throw new StoreOpenException("the password file " + login.passwordFile() + " of Cassandra user '"
                    + login.username() + "' is empty; put the user's password in it");
        }
        return new CassandraCredentials(login.username(), password);
    }

    private static StorageEngine cassandra(CassandraStoreSettings s, String cluster, String region,
                                           Optional<HostPort> beside) {
        CassandraSettings settings = cassandraSettings(s, cluster, region);
        if (beside.isPresent()) {
            settings = settings.withPinnedNode(new InetSocketAddress(beside.get().host(), beside.get().port()));
        }
        try {
            return CassandraStorageEngine.open(settings);
        } catch (RuntimeException e) {
            throw new StoreOpenException("cannot open Cassandra keyspace " + s.keyspaceFor(cluster, region) + " at "
                    + s.contactPoints().get(0) + ": " + e.getMessage(), e);
        }
    }

    private static StorageEngine memory(StorageSettings settings) {
        if (settings.journal().isEmpty()) {
            return new MemoryStorageEngine();
        }
        try {
            return new MemoryStorageEngine(settings.journal().get());
        } catch (IOException | RuntimeException e) {
            throw new StoreOpenException("cannot open the journal at " + settings.journal().get() + ": "
                    + e.getMessage(), e);
        }
    }

    private static StorageEngine hbase(HBaseStoreSettings s, String cluster, String region) {
        try {
            return HBaseStorageEngine.open(hbaseSettings(s, cluster, region));
        } catch (RuntimeException e) {
            throw new StoreOpenException("cannot open HBase namespace " + s.namespaceFor(cluster, region) + " at "
                    + s.quorum() + ": " + e.getMessage(), e);
        }
    }
}
