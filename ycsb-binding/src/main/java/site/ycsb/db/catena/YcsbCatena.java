package site.ycsb.db.catena;

import io.catena.client.Catena;
import io.catena.client.CatenaException;
import java.io.IOException;
import io.catena.core.protocol.Protocol;
import site.ycsb.Client;
import site.ycsb.DBException;

/**
 * {@code ycsb-catena load|run -P WORKLOAD [-p key=value ...] [YCSB's flags]}: YCSB's own Client
 * with the Catena binding, against the region of {@code catena.url}, or with
 * {@code -p catena.embedded=true} against three regions this process starts (see the README).
 *
 * <p>An embedded cluster lives as long as this process, and YCSB runs one phase per process, so
 * {@code run} on an embedded cluster runs the load phase first, then the run phase, each YCSB's
 * Client in a child JVM; {@code load} loads and ends.
 */
public final class YcsbCatena {

    private YcsbCatena() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(YcsbArguments.parse(args));
        } catch (IllegalArgumentException | IllegalStateException | DBException e) {
            System.err.println("ycsb-catena: " + e.getMessage());
            code = 2;
        } catch (IOException e) {
            System.err.println("ycsb-catena: could not start YCSB's client: " + e.getMessage());
            code = 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            code = 1;
        }
        System.exit(code);
    }

    private static int run(YcsbArguments a) throws DBException, IOException, InterruptedException {
        CatenaTables.check(a.properties());
        if (!Boolean.parseBoolean(a.properties().getProperty(CatenaSettings.EMBEDDED, "false"))) {
            checkReachable(CatenaSettings.from(a.properties()));
            Client.main(a.ycsb().toArray(String[]::new));
            return 0;
        }
        if (a.properties().getProperty(CatenaSettings.URL) != null) {
            throw new IllegalArgumentException("Give either " + CatenaSettings.URL + " (a running cluster) or "
                    + CatenaSettings.EMBEDDED + "=true (one started here), not both.");
        }
        String latency = a.properties().getProperty(CatenaSettings.LATENCY, EmbeddedCluster.DEFAULT_LATENCY);
        String protocol = a.properties().getProperty(CatenaSettings.PROTOCOL, Protocol.CATENA.toString());
        try (EmbeddedCluster cluster = EmbeddedCluster.start(latency, protocol)) {
            String url = cluster.url(a.properties().getProperty(CatenaSettings.REGION));
            System.err.println("ycsb-catena: embedded cluster " + String.join(", ", cluster.regions()) + " (latency "
                    + latency + ", protocol " + protocol + "); YCSB runs against " + url);
            if (!a.load()) {
                int loaded = YcsbPhase.run(a.phase(true, url));
                if (loaded != 0) {
                    return loaded;
                }
            }
            return YcsbPhase.run(a.phase(a.load(), url));
        }
    }

    /** A URL that names no region of the cluster, or nothing listening, is refused here in one sentence. */
    private static void checkReachable(CatenaSettings settings) throws DBException {
        try {
            Catena.connect(settings.url()).close();
        } catch (CatenaException e) {
            throw new DBException("Could not connect to " + settings.where() + ": " + e.getMessage());
        }
    }
}
