package io.catena.storage.hbase;

import java.io.IOException;
import java.util.EnumSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * Asks a starting HBase whether it serves yet: its live region servers, an initialized master (it
 * lists namespaces only then) and {@code hbase:meta} online. Each question fails fast (one try,
 * short timeouts) so the caller can check between questions whether the server process died.
 * Owns one client connection; not thread-safe.
 */
final class ServingProbe implements AutoCloseable {

    private final Configuration conf;
    private final int regionServers;
    private Connection connection;
    private String lastAnswer = "no answer yet";

    /** @param regionServers how many live region servers the server must report */
    ServingProbe(Configuration clientConf, int regionServers) {
        this.regionServers = regionServers;
        conf = new Configuration(clientConf);
        conf.setInt("hbase.client.retries.number", 1);
        conf.setInt("hbase.client.pause", 100);
        conf.setInt("hbase.rpc.timeout", 2_000);
        conf.setInt("hbase.client.operation.timeout", 4_000);
        conf.setInt("hbase.client.meta.operation.timeout", 4_000);
        conf.setInt("zookeeper.recovery.retry", 0);
        conf.setInt("zookeeper.session.timeout", 10_000);
    }

    /** True if the server serves clients; otherwise {@link #lastAnswer()} says what was missing. */
    boolean serves() {
        try {
            if (connection == null) {
                connection = ConnectionFactory.createConnection(conf);
            }
            try (Admin admin = connection.getAdmin()) {
                ClusterMetrics metrics = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS));
                int live = metrics.getLiveServerMetrics().size();
                if (live < regionServers) {
                    lastAnswer = "the master reports " + live + " of " + regionServers + " live region servers";
                    return false;
                }
                admin.listNamespaceDescriptors();
                if (!admin.isTableAvailable(TableName.META_TABLE_NAME)) {
                    lastAnswer = "hbase:meta is not online yet";
                    return false;
                }
                return true;
            }
        } catch (IOException | RuntimeException e) {
            lastAnswer = e.getClass().getSimpleName() + ": " + firstLine(e.getMessage());
            return false;
        }
    }

    String lastAnswer() {
        return lastAnswer;
    }

    @Override
    public void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (IOException e) {
                // The probe is done either way; a failing close leaves nothing behind on the server.
            }
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
