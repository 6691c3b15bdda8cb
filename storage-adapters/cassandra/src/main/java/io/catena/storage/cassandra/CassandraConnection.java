package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Opens the driver session of a store: consistency, timeouts, the local data centre, the login and
 * the node to send requests to first come from {@link CassandraSettings}. A server that cannot be
 * reached, refuses the login, has no node in the local data centre or not the pinned node, becomes
 * a {@link CassandraSchemaException} naming the contact points or nodes. Stateless.
 */
final class CassandraConnection {

    /** Schema changes wait for every node to agree; on a busy machine that takes seconds. */
    static final Duration SCHEMA_TIMEOUT = Duration.ofSeconds(30);

    /**
     * The longest pause between attempts to reconnect to a node that went down. The driver's
     * default backs off to a minute, so a node back after 20 s stayed unused for another 30:
     * a region whose store is down stalls every region (with fault tolerance 0), so it must notice
     * within a second or two that the store is back. An attempt costs one TCP connect.
     */
    static final Duration RECONNECT_AT_MOST_EVERY = Duration.ofSeconds(1);

    private CassandraConnection() {
    }

    /** @param tracker told of every request's outcome and the node that served it */
    static CqlSession connect(CassandraSettings settings, RequestTracker tracker) {
        ProgrammaticDriverConfigLoaderBuilder config = DriverConfigLoader.programmaticBuilder()
                .withString(DefaultDriverOption.SESSION_NAME, "catena-" + settings.keyspace())
                .withString(DefaultDriverOption.REQUEST_CONSISTENCY, settings.consistency().name())
                .withString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY, "LOCAL_SERIAL")
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, settings.requestTimeout())
                .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(100))
                .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, RECONNECT_AT_MOST_EVERY)
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, SCHEMA_TIMEOUT)
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, SCHEMA_TIMEOUT)
                // The driver batches schema events for a second before refreshing; open creates five
                // tables one after the other, each waiting for that refresh. Only open changes schema.
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, Duration.ofMillis(20))
                .withStringList(DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES, List.of(settings.keyspace()));
        settings.pinnedNodeName().ifPresent(node -> config
                .withClass(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, PinnedNodePolicy.class)
                .withString(PinnedNodePolicy.PINNED_NODE, node));
        CqlSessionBuilder builder = CqlSession.builder()
                .addContactPoints(settings.contactPoints())
                .withLocalDatacenter(settings.localDatacenter())
                .withConfigLoader(config.build())
                .addRequestTracker(tracker);
        settings.credentials().ifPresent(c -> builder.withAuthCredentials(c.username(), c.password()));
        CqlSession session;
        try {
            session = builder.build();
        } catch (AllNodesFailedException e) {
            Throwable first = firstError(e);
            if (first instanceof AuthenticationException) {
                throw new CassandraSchemaException(loginRefused(settings, first), e);
            }
            throw new CassandraSchemaException("Cannot reach Cassandra at " + settings.contactPoints() + " ("
                    + describe(first) + "); start Cassandra there or fix the contact points.", e);
        } catch (DriverException e) {
            throw new CassandraSchemaException("Cannot connect to Cassandra at " + settings.contactPoints() + " ("
                    + e.getMessage() + "); check the server and the contact points.", e);
        }
        requireLocalDatacenter(session, settings);
        requirePinnedNode(session, settings);
        return session;
    }

    /** A node pinned by a typo would silently send every request elsewhere: refuse it at open. */
    private static void requirePinnedNode(CqlSession session, CassandraSettings settings) {
        settings.pinnedNodeName().ifPresent(pinned -> {
            Collection<Node> nodes = session.getMetadata().getNodes().values();
            if (nodes.stream().noneMatch(n -> pinned.equals(RingLocality.nameOf(n))
                    && settings.localDatacenter().equals(n.getDatacenter()))) {
                TreeSet<String> found = new TreeSet<>();
                nodes.forEach(n -> found.add(RingLocality.nameOf(n) + " in " + n.getDatacenter()));
                session.close();
                throw new CassandraSchemaException("The store is pinned to Cassandra node " + pinned + " but data centre '"
                        + settings.localDatacenter() + "' has no such node (the cluster's nodes are " + found
                        + "); pin it to the CQL address of the node its chain server runs beside.");
            }
        });
    }

    private static void requireLocalDatacenter(CqlSession session, CassandraSettings settings) {
        Collection<Node> nodes = session.getMetadata().getNodes().values();
        if (nodes.stream().noneMatch(n -> settings.localDatacenter().equals(n.getDatacenter()))) {
            TreeSet<String> found = new TreeSet<>();
            nodes.forEach(n -> found.add(Objects.toString(n.getDatacenter())));
            session.close();
            throw new CassandraSchemaException("Cassandra at " + settings.contactPoints() + " has no node in data centre '"
                    + settings.localDatacenter() + "' (its data centres are " + found
                    + "); set the local data centre to the region's one.");
        }
    }

    /**
     * The server's reason is kept (it says whether the user is unknown or the password wrong) but
     * never the password itself, which the driver does not put in it.
     */
    private static String loginRefused(CassandraSettings settings, Throwable refusal) {
        String reason = refusal.getMessage();
        return settings.credentials()
                .map(c -> "Cassandra at " + settings.contactPoints() + " refused the login of user '" + c.username()
                        + "' (" + reason + "); check the user name and password the region is given.")
                .orElse("Cassandra at " + settings.contactPoints() + " requires a login (" + reason
                        + "); give the region a Cassandra user name and password.");
    }

    private static Throwable firstError(AllNodesFailedException e) {
        return e.getAllErrors().values().stream().flatMap(List::stream).findFirst().orElse(e);
    }

    private static String describe(Throwable t) {
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
