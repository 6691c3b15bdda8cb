package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

/**
 * Waits after a schema change until every live node runs the same schema version, asking each node
 * itself. The driver's own check asks only its control node, which can still report the old version
 * both for itself and for the node that made the change (gossip has not told it yet): the two then
 * look agreed, and a next statement sent to a node that has not heard of the change fails with
 * "table does not exist" (seen on a two-node cluster). Blocks; open only. Stateless.
 */
final class SchemaAgreement {

    private static final long POLL_MILLIS = 100;

    private SchemaAgreement() {
    }

    static void await(CqlSession session) {
        long deadlineNanos = System.nanoTime() + CassandraConnection.SCHEMA_TIMEOUT.toNanos();
        Set<UUID> versions = versions(session);
        while (versions.size() > 1) {
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new CassandraSchemaException("Cassandra's nodes did not agree on the schema within "
                        + CassandraConnection.SCHEMA_TIMEOUT.toSeconds() + " s (versions " + versions
                        + "); check that every node of the data centre is up and reachable from the others, then retry.");
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CassandraSchemaException("interrupted while waiting for Cassandra's nodes to agree on the schema", e);
            }
            versions = versions(session);
        }
    }

    private static Set<UUID> versions(CqlSession session) {
        Set<UUID> versions = new HashSet<>();
        for (Node node : session.getMetadata().getNodes().values()) {
            if (node.getState() == NodeState.UP) {
                versions.add(session.execute(SimpleStatement.newInstance("SELECT schema_version FROM system.local")
                        .setNode(node)).one().getUuid(0));
            }
        }
        return versions;
    }
}
