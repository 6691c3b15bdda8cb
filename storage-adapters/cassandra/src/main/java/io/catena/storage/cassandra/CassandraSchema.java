package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import java.util.HashSet;
import java.util.Set;

/**
 * Installs a region's keyspace or checks the one found, at open (blocking). A keyspace is Catena's
 * when it holds only Catena's tables; its {@code meta} table names the layout version, the Catena
 * cluster and the region. Anything else (another layout, another cluster's or region's data, a
 * foreign keyspace, missing permissions) stops with a {@link CassandraSchemaException} before a
 * single row of data is written. Concurrent opens of one region are safe: tables are created
 * {@code IF NOT EXISTS} and meta rows claimed with lightweight transactions, so the first wins and
 * the others check against it; an open that finds the keyspace waits until every node knows its
 * tables, and one that still meets a table some node does not know tries again. Stateless.
 */
final class CassandraSchema {

    /** Tries of an install that finds another one under way; see {@link #installOrCheck}. */
    private static final int ATTEMPTS = 3;

    private CassandraSchema() {
    }

    static void installOrCheck(CqlSession session, CassandraSettings settings) {
        for (int attempt = 1; ; attempt++) {
            try {
                installOrCheckOnce(session, settings);
                return;
            } catch (CassandraSchemaException e) {
                if (!(e.getCause() instanceof InvalidQueryException) || attempt == ATTEMPTS) {
                    throw e;
                }
                // Another process of the region is installing the keyspace at this moment, and a
                // node has not heard of a table it created yet: once they agree, look again.
                SchemaAgreement.await(session);
            }
        }
    }

    private static void installOrCheckOnce(CqlSession session, CassandraSettings settings) {
        String ks = settings.keyspace();
        try {
            Set<String> tables = tablesOf(session, ks);
            if (tables == null) {
                execute(session, CassandraLayout.createKeyspace(ks, settings.replication()));
                tables = Set.of();
            } else {
                // Found, perhaps just created by another process whose tables not every node knows yet.
                SchemaAgreement.await(session);
            }
            Set<String> foreign = new HashSet<>(tables);
            foreign.removeAll(CassandraLayout.TABLES);
            if (!foreign.isEmpty()) {
                throw new CassandraSchemaException("Keyspace " + ks + " holds tables " + new java.util.TreeSet<>(foreign)
                        + " that are not Catena's, so it is not a Catena store; point region " + settings.regionName()
                        + " at another keyspace or drop this one.");
            }
            if (tables.contains(CassandraLayout.META)) {
                Meta meta = readMeta(session, ks);
                if (meta != null) {
                    // Checked before anything is created or claimed: a mismatching keyspace is left as found.
                    check(meta, settings);
                }
            }
            if (!tables.containsAll(CassandraLayout.TABLES)) {
                // Creating a table needs the CREATE permission even when it exists, so an installed
                // keyspace is left alone: a user granted only SELECT and MODIFY can run on it.
                for (String ddl : CassandraLayout.createTables(ks)) {
                    execute(session, ddl);
                }
            }
            session.execute(SimpleStatement.newInstance("INSERT INTO " + ks + "." + CassandraLayout.META
                    + " (id, layout_version, cluster_name, region_name) VALUES (?, ?, ?, ?) IF NOT EXISTS",
                    CassandraLayout.META_ROW, CassandraLayout.VERSION, settings.clusterName(), settings.regionName()));
            Meta claimed = readMeta(session, ks);
            if (claimed == null) {
                throw new CassandraSchemaException("Keyspace " + ks + " lost its Catena metadata row right after it was"
                        + " written; check that nobody else manages this keyspace and retry.");
            }
            check(claimed, settings);
        } catch (UnauthorizedException e) {
            String user = settings.credentials().map(c -> "user '" + c.username() + "'").orElse("anonymous user");
            throw new CassandraSchemaException("The Cassandra " + user + " may not use keyspace " + ks + " ("
                    + e.getMessage() + "); grant it SELECT and MODIFY on the keyspace once an administrator has"
                    + " installed it (by opening it once), or CREATE, SELECT and MODIFY to let it install it.", e);
        } catch (CassandraSchemaException e) {
            throw e;
        } catch (DriverException e) {
            throw new CassandraSchemaException("Could not install or check keyspace " + ks + " (" + e.getMessage()
                    + "); check that Cassandra is healthy and retry.", e);
        }
    }

    /** The tables of {@code keyspace}, or null if it does not exist. */
    private static Set<String> tablesOf(CqlSession session, String keyspace) {
        if (session.execute(SimpleStatement.newInstance(
                "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)).one() == null) {
            return null;
        }
        Set<String> tables = new HashSet<>();
        for (Row row : session.execute(SimpleStatement.newInstance(
                "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", keyspace))) {
            tables.add(row.getString("table_name"));
        }
        return tables;
    }

    /** What the meta row says; null if there is none yet. */
    private record Meta(Integer layoutVersion, String clusterName, String regionName) {
    }

    private static Meta readMeta(CqlSession session, String keyspace) {
        Row row = session.execute(SimpleStatement.newInstance("SELECT layout_version, cluster_name, region_name FROM "
                + keyspace + "." + CassandraLayout.META + " WHERE id = ?", CassandraLayout.META_ROW)).one();
        if (row == null) {
            return null;
        }
        return new Meta(row.isNull(0) ? null : row.getInt(0), row.getString(1), row.getString(2));
    }

    private static void check(Meta meta, CassandraSettings settings) {
        String ks = settings.keyspace();
        int version = meta.layoutVersion() == null ? -1 : meta.layoutVersion();
        if (version < CassandraLayout.VERSION) {
            throw new CassandraSchemaException("Keyspace " + ks + " holds Catena storage layout version "
                    + meta.layoutVersion() + " but this Catena reads only version " + CassandraLayout.VERSION
                    + "; migrate the data with the Catena release that wrote it, or point the region at a new keyspace.");
        }
        if (version > CassandraLayout.VERSION) {
            throw new CassandraSchemaException("Keyspace " + ks + " holds Catena storage layout version " + version
                    + ", newer than the version " + CassandraLayout.VERSION
                    + " this Catena reads; upgrade this Catena node, or point the region at another keyspace.");
        }
        requireName(meta.clusterName(), settings.clusterName(), "cluster", ks);
        requireName(meta.regionName(), settings.regionName(), "region", ks);
    }

    private static void requireName(String found, String expected, String what, String ks) {
        if (!expected.equals(found)) {
            throw new CassandraSchemaException("Keyspace " + ks + " holds the data of Catena " + what + " '" + found
                    + "', not of " + what + " '" + expected + "'; configure the right " + what
                    + " name, or give this " + what + " its own keyspace.");
        }
    }

    private static void execute(CqlSession session, String cql) {
        session.execute(SimpleStatement.newInstance(cql).setTimeout(CassandraConnection.SCHEMA_TIMEOUT));
        SchemaAgreement.await(session);
    }
}
