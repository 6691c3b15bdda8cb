package io.catena.lab.demo;

import io.catena.client.Connection;
import io.catena.client.ConnectionUrl;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.workload.Workload;
import io.catena.lab.load.RemoteRegion;
import io.catena.lab.report.ConfigFact;
import io.catena.server.cluster.InProcessCluster;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The regions of a cluster running elsewhere, one connection URL each ({@code --url}). They hold
 * what their operators loaded ({@code --preload}), which {@link #open} checks as the run's
 * database asks; their stores and nodes are out of reach, so a run learns what its clients see.
 */
public final class RemoteRegions implements RunRegions {

    private static final Pattern TIMEOUT_PARAMETER = Pattern.compile("[?&]timeout=");

    private final List<ConnectionUrl> urls = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final List<Connection> connections = new ArrayList<>();

    /**
     * @param urls           one connection URL per region
     * @param defaultTimeout a client's request budget where a URL gives none
     */
    public RemoteRegions(List<String> urls, Duration defaultTimeout) {
        for (String url : urls) {
            ConnectionUrl u = ConnectionUrl.parse(url);
            if (names.contains(u.region())) {
                throw new IllegalArgumentException("region " + u.region() + " is given twice; give one --url per region");
            }
            this.urls.add(TIMEOUT_PARAMETER.matcher(url).find() ? u : u.withTimeout(defaultTimeout));
            names.add(u.region());
        }
    }

    @Override
    public List<String> names() {
        return List.copyOf(names);
    }

    @Override
    public String headline(String command, String what) {
        return String.format("catena %s: %d regions (%s) of a running cluster, %s", command, names.size(),
                String.join(", ", names), what);
    }

    @Override
    public List<Connection> open(RunDatabase database, PrintWriter out) {
        for (ConnectionUrl u : urls) {
            connections.add(RemoteRegion.connect(u));
        }
        for (int r = 0; r < connections.size(); r++) {
            database.verify(connections.get(r), names.get(r));
        }
        return List.copyOf(connections);
    }

    @Override
    public List<ConfigFact> facts() {
        return List.of();
    }

    @Override
    public RunCosts costs() {
        return RunCosts.clientsOnly();
    }

    @Override
    public LatencyMatrix matrix() {
        return null;
    }

    @Override
    public Optional<InProcessCluster> cluster() {
        return Optional.empty();
    }

    @Override
    public List<ConfigFact> storeFloor(Workload workload, long seed, double catenaPerSecond, PrintWriter out) {
        return List.of();
    }

    @Override
    public void close() {
        connections.forEach(Connection::close);
    }
}
