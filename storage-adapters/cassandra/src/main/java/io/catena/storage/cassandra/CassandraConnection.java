package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Opens the driver session of a store: consistency, timeouts, the local data centre and the login
 * come from {@link CassandraSettings}. A server that cannot be reached, refuses the login, or has
 * no node in the local data centre, becomes a {@link CassandraSchemaException} naming the contact
 * points. Stateless.
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

    static CqlSession connect(CassandraSettings settings) {
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
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
                .withStringList(DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES, List.of(settings.keyspace()))
                .build();
        CqlSessionBuilder builder = CqlSession.builder()
                .addContactPoints(settings.contactPoints())
                .withLocalDatacenter(settings.localDatacenter())
                .withConfigLoader(config);
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
        return session;
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
