import io.catena.lab.storage.LocalStoreServers;
import io.catena.server.config.CassandraStoreSettings;
import io.catena.server.config.StorageBackend;
import java.io.PrintWriter;
import java.util.List;

/**
 * Starts a local Cassandra cluster of N nodes (127.0.0.1 … 127.0.0.N, one data centre named after
 * the region) for a region run by hand, prints the `storage:` section and the `beside:` addresses
 * its region file needs, and keeps the nodes until this process is stopped (Ctrl-C or SIGTERM
 * stops them and deletes their data). Run from the repository's root, after building the lab jar:
 *
 *   java -cp lab/target/catena-lab-0.1.0-SNAPSHOT-all.jar deploy/local/cassandra/LocalStore.java us-central1 2
 */
public final class LocalStore {

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: LocalStore REGION NODES, e.g. LocalStore us-central1 2");
            System.exit(2);
        }
        PrintWriter out = new PrintWriter(System.out, true);
        LocalStoreServers servers = LocalStoreServers.start(StorageBackend.CASSANDRA, List.of(args[0]), 1,
                Integer.parseInt(args[1]), out);
        Runtime.getRuntime().addShutdownHook(new Thread(servers::close));
        CassandraStoreSettings cassandra = servers.settings(0).cassandra().orElseThrow();
        out.println("storage:\n  backend: cassandra\n  cassandra:\n    contactPoints: " + cassandra.contactPoints()
                + "\n    localDatacenter: " + cassandra.localDatacenter());
        for (int i = 0; i < cassandra.contactPoints().size(); i++) {
            out.println("chain server " + i + " beside: " + cassandra.contactPoints().get(i));
        }
        Thread.currentThread().join();
    }
}
