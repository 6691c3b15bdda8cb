package io.catena.lab.fault;

import eu.rekawek.toxiproxy.Proxy;
import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.lab.report.Check;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BooleanSupplier;

/**
 * Three {@code catena region} processes on loopback, each configured from its own YAML file in
 * {@code dir} and keeping its journal there, with the WAN between them ({@link ClusterLayout});
 * started and healthy, or an exception with their output. The first region may instead run as
 * three {@code catena node} processes: its coordinator's, and one for each of its two chain servers;
 * or as two coordinator processes, a leader and a standby, over a Cassandra server with a ZooKeeper
 * server electing them ({@link StandbyServers}); or both: two coordinator processes and one per
 * chain server, every one of them on that Cassandra server.
 */
public final class ThreeRegionProcesses implements AutoCloseable {

    public static final List<String> REGIONS = List.of("us-central1", "europe-west1", "asia-east1");
    public static final String CLUSTER = "e2e";
    /** Chain servers per region, and so the chain-server processes of a split first region. */
    public static final int CHAIN_SERVERS = 2;

    private final Path dir;
    private final ClusterLayout layout;
    private final ProcessPorts ports;
    private final List<RegionProcessHandle> regions = new ArrayList<>();
    private final List<RegionProcessHandle> chainServers = new ArrayList<>();
    /** The first region's coordinator processes when it has a standby: 0 at its address, 1 the standby's. */
    private final List<RegionProcessHandle> coordinators = new ArrayList<>();
    private StandbyServers standbyServers;
    private Proxy chainServer0Link;
    private WanLinks wanLinks;

    private ThreeRegionProcesses(Path dir, ClusterLayout layout, ProcessPorts ports) {
        this.dir = dir;
        this.layout = layout;
        this.ports = ports;
    }

    /**
     * Starts the regions running {@code algorithm}, each preloading {@code preload}, and waits
     * (60 s at most) until every one reports healthy.
     */
    public static ThreeRegionProcesses start(Path dir, String algorithm, String preload) throws Exception {
        return start(dir, ClusterLayout.of(algorithm, preload), null);
    }

    /**
     * Starts the regions of {@code layout} and waits (60 s at most) until every one reports
     * healthy; {@code toxiproxy} holds the proxies a layout {@linkplain ClusterLayout#needsToxiproxy
     * needs}, and may be null otherwise.
     */
    public static ThreeRegionProcesses start(Path dir, ClusterLayout layout, LocalToxiproxy toxiproxy)
            throws Exception {
        if (layout.needsToxiproxy() && toxiproxy == null) {
            throw new IllegalArgumentException("this layout puts proxies between processes: pass a Toxiproxy server");
        }
        // The store and ZooKeeper servers pick their own ports: bound before ours are chosen, they
        // cannot be handed one of them.
        StandbyServers servers = layout.standbyFirst()
                ? StandbyServers.start(dir, REGIONS.get(0), layout.storageNodes()) : null;
        ThreeRegionProcesses cluster;
        try {
            cluster = new ThreeRegionProcesses(dir, layout, ProcessPorts.allocate(REGIONS.size(), CHAIN_SERVERS));
        } catch (IOException | RuntimeException e) {
            if (servers != null) {
                servers.close();
            }
            throw e;
        }
        cluster.standbyServers = servers;
        Instant genesis = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
        try {
            cluster.createProxies(toxiproxy);
            cluster.writeFiles(genesis);
            cluster.startProcesses();
            if (!waitFor(Duration.ofSeconds(60), cluster::healthy)) {
                throw new IllegalStateException("the regions were not all healthy within 60 s; their output:\n"
                        + cluster.outputs());
            }
            return cluster;
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
    }

    private void createProxies(LocalToxiproxy toxiproxy) throws IOException {
        if (layout.chainServer0Proxy()) {
            chainServer0Link = toxiproxy.proxy("chain-server-0", ports.chainServer0Proxy(), ports.chainServer(0));
        }
        if (layout.wanThroughProxies()) {
            wanLinks = WanLinks.create(toxiproxy, layout.wan(), ports.wanProxies(), ports.regions());
        }
    }

    private void writeFiles(Instant genesis) throws IOException {
        RegionFiles files = new RegionFiles(layout, ports, genesis, standbyServers);
        for (int i = 0; i < REGIONS.size(); i++) {
            Files.writeString(regionConfig(i), files.region(i, layout.chainServer0Proxy()));
        }
        if (layout.chainServer0Proxy()) {
            Files.writeString(chainServerConfig(0), files.region(0, false));
        }
    }

    private void startProcesses() throws IOException, InterruptedException {
        for (int i = 0; i < REGIONS.size(); i++) {
            InetSocketAddress metrics = ports.regionMetrics(i);
            if (layout.standbyFirst() && i == 0) {
                coordinators.add(startCoordinator(0));
                coordinators.add(startCoordinator(1));
                regions.add(coordinators.get(0));
            } else if (layout.splitFirst() && i == 0) {
                regions.add(RegionProcessHandle.node(REGIONS.get(i), regionConfig(i), metrics, "--role",
                        "coordinator", "--preload", layout.preload()));
            } else {
                regions.add(RegionProcessHandle.start(REGIONS.get(i), regionConfig(i), metrics, "--preload",
                        layout.preload()));
            }
        }
        if (layout.splitFirst()) {
            startChainServers();
        }
    }

    /**
     * Starts the split first region's chain-server processes; on Cassandra, once a coordinator
     * leads, and so has installed the region's keyspace: processes that install a new keyspace at
     * the same time can fail to ("table meta does not exist", and the process exits).
     */
    private void startChainServers() throws IOException, InterruptedException {
        if (layout.standbyFirst() && !waitFor(Duration.ofSeconds(60), () -> leader().isPresent())) {
            throw new IllegalStateException("no coordinator of " + REGIONS.get(0) + " led within 60 s; their output:\n"
                    + outputs());
        }
        for (int s = 0; s < CHAIN_SERVERS; s++) {
            chainServers.add(startChainServer(s));
        }
    }

    /** A client URL of region {@code i}, with budgets for a loaded two-core machine. */
    public String url(int i) {
        return url(i, Duration.ofSeconds(20));
    }

    /** A client URL of region {@code i} whose requests wait up to {@code timeout} for an answer. */
    public String url(int i, Duration timeout) {
        String standby = layout.standbyFirst() && i == 0 ? ",127.0.0.1:" + ports.standby() : "";
        return "catena://127.0.0.1:" + ports.region(i) + standby + "/" + CLUSTER + "?region=" + REGIONS.get(i)
                + "&connectTimeout=10s&timeout=" + timeout.toSeconds() + "s";
    }

    /**
     * Starts (or starts again) coordinator process {@code index} of the first region, which has a
     * standby: 0 at the region's address, 1 at the standby's.
     */
    public RegionProcessHandle startCoordinator(int index) throws IOException {
        InetSocketAddress metrics = index == 0 ? ports.regionMetrics(0) : ports.standbyMetrics();
        RegionProcessHandle started = RegionProcessHandle.node(REGIONS.get(0) + "-coordinator" + index,
                regionConfig(0), metrics, "--role", "coordinator", "--index", String.valueOf(index), "--preload",
                layout.preload());
        if (coordinators.size() > index) {
            RegionProcessHandle replaced = coordinators.set(index, started);
            if (!regions.isEmpty() && regions.get(0) == replaced) {
                regions.set(0, started);
            }
        }
        return started;
    }

    /** The first region's coordinator processes, when it has a standby: 0 at its address, 1 the standby's. */
    public List<RegionProcessHandle> coordinators() {
        return coordinators;
    }

    /** The first region's coordinator process that leads now, if one does (it says so in its metrics). */
    public Optional<RegionProcessHandle> leader() {
        return coordinators.stream().filter(c -> c.alive() && c.metric("catena_coordinator_leading").orElse(0) == 1)
                .findFirst();
    }

    /** The first region's store and ZooKeeper, when its coordinator has a standby. */
    StandbyServers standbyServers() {
        if (standbyServers == null) {
            throw new IllegalStateException("this cluster's first region has no standby coordinator");
        }
        return standbyServers;
    }

    /** A client connection to each region, in region order. */
    public List<Connection> connectClients() {
        List<Connection> connections = new ArrayList<>();
        for (int i = 0; i < REGIONS.size(); i++) {
            connections.add(Catena.connect(url(i)));
        }
        return connections;
    }

    public ClusterLayout layout() {
        return layout;
    }

    /** The region processes (the coordinator's, of a split region), in region order. */
    public List<RegionProcessHandle> regions() {
        return regions;
    }

    /** The first region's chain-server processes, when it is split. */
    public List<RegionProcessHandle> chainServers() {
        return chainServers;
    }

    /** Every process: the chain servers' first, as they stop before their coordinator's. */
    public List<RegionProcessHandle> processes() {
        List<RegionProcessHandle> all = new ArrayList<>(chainServers);
        all.addAll(coordinators);
        regions.stream().filter(r -> !coordinators.contains(r)).forEach(all::add);
        return all;
    }

    /** The process serving each region now: the leader, for the first region when it has a standby. */
    private List<RegionProcessHandle> serving() {
        List<RegionProcessHandle> serving = new ArrayList<>(regions);
        if (!coordinators.isEmpty()) {
            serving.set(0, leader().orElse(coordinators.get(0)));
        }
        return serving;
    }

    /** Starts (or starts again) chain server {@code index} of the split first region. */
    public RegionProcessHandle startChainServer(int index) throws IOException {
        return RegionProcessHandle.node(REGIONS.get(0) + "-cs" + index, chainServerConfig(index),
                ports.chainServerMetrics(index), "--role", "chain-server", "--index", String.valueOf(index),
                "--preload", layout.preload());
    }

    /** The proxy between chain server 0 and the processes that call it, when started with one. */
    public Proxy chainServer0Link() {
        return chainServer0Link;
    }

    /** The proxies that carry the WAN, when the layout puts it through proxies. */
    public WanLinks wanLinks() {
        if (wanLinks == null) {
            throw new IllegalStateException("this cluster emulates the WAN inside its processes, not through proxies");
        }
        return wanLinks;
    }

    /** Where region {@code i}'s process journals its data (the coordinator's, of a split region). */
    public Path journal(int i) {
        return dir.resolve(RegionFiles.journal(REGIONS.get(i)));
    }

    /** Where chain server {@code index} of the split first region journals the keys it owns. */
    public Path chainServerJournal(int index) {
        return dir.resolve(RegionFiles.journal(REGIONS.get(0) + "-cs" + index));
    }

    private Path regionConfig(int i) {
        return dir.resolve(REGIONS.get(i) + ".yaml");
    }

    /** The file chain server {@code index}'s process reads: the region's, but chain server 0's own behind a proxy. */
    private Path chainServerConfig(int index) {
        boolean ownView = index == 0 && layout.chainServer0Proxy();
        return dir.resolve(REGIONS.get(0) + (ownView ? "-cs0" : "") + ".yaml");
    }

    /** Whether every process reports healthy: linked to every peer region and process it should be. */
    public boolean healthy() {
        if (coordinators.isEmpty()) {
            return processes().stream().allMatch(RegionProcessHandle::healthy);
        }
        boolean oneLeads = coordinators.stream().filter(RegionProcessHandle::healthy).count() == 1;
        boolean otherWaits = coordinators.stream().allMatch(c -> c.healthy() || c.standby());
        return oneLeads && otherWaits && processes().stream().filter(p -> !coordinators.contains(p))
                .allMatch(RegionProcessHandle::healthy);
    }

    /**
     * Whether every serving process holds each peer region's records to within {@code epochs} of
     * its own clock ({@code catena_epoch_lag}, summed over its peers; a protocol without epochs
     * reports none and counts as caught up). A region whose processes started late (a loaded
     * machine, a store and ZooKeeper to wait for) closes every epoch since genesis first, and the
     * others wait for its records: healthy, yet committing nothing until it has caught up.
     */
    public boolean caughtUp(long epochs) {
        long peers = REGIONS.size() - 1;
        return serving().stream().allMatch(r -> r.metric("catena_epoch_lag").orElse(0) <= peers * epochs);
    }

    public String outputs() {
        StringBuilder all = new StringBuilder();
        processes().forEach(r -> all.append(r.output()));
        return all.toString();
    }

    /** Waits (polling every 100 ms) until {@code condition} holds or {@code timeout} has passed. */
    public static boolean waitFor(Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }

    /**
     * Ends a run: waits (up to {@code timeout}) until no region has a transaction in flight, and a
     * second more for the last epochs' records to reach every region; then stops every process as
     * an operator would (SIGTERM), so that their journals can be read. What held, as checks.
     */
    public List<Check> settleAndStop(Duration timeout) throws InterruptedException {
        List<Check> checks = new ArrayList<>();
        boolean settled = waitFor(timeout, () -> serving().stream().allMatch(r ->
                r.metric("catena_transactions_in_flight").orElse(1) == 0));
        checks.add(new Check("regions settled within " + timeout.toSeconds() + " s", settled));
        Thread.sleep(1_000);
        double failed = 0;
        List<String> unread = new ArrayList<>();
        List<String> unstopped = new ArrayList<>();
        List<RegionProcessHandle> reporting = serving();
        reporting.addAll(chainServers);
        for (RegionProcessHandle p : processes()) {
            OptionalDouble steps = failedSteps(p);
            failed += steps.orElse(0);
            if (steps.isEmpty() && reporting.contains(p)) {
                unread.add(p.region());
            }
            if (p.stop(Duration.ofSeconds(20)) == -1) {
                unstopped.add(p.region());
            }
        }
        checks.add(Check.equal("protocol steps failed", (long) failed, 0));
        checks.add(unread.isEmpty() ? Check.pass("every process reported its failed steps")
                : Check.fail("no metrics from " + unread));
        checks.add(unstopped.isEmpty() ? Check.pass("every process stopped on SIGTERM")
                : Check.fail("processes killed after 20 s of SIGTERM: " + unstopped));
        return checks;
    }

    /**
     * A process's count of failed steps, asked up to three times: a process of a loaded machine can
     * miss a scrape's 2 s budget, which says nothing about its steps.
     */
    private static OptionalDouble failedSteps(RegionProcessHandle p) {
        OptionalDouble steps = OptionalDouble.empty();
        for (int attempt = 0; attempt < 3 && steps.isEmpty(); attempt++) {
            steps = p.metric("catena_node_failed_steps_total");
        }
        return steps;
    }

    @Override
    public void close() {
        for (RegionProcessHandle p : processes()) {
            p.close();
        }
        if (standbyServers != null) {
            standbyServers.close();
        }
    }

    /** {@code count} ports free on loopback right now. */
    public static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }
}
