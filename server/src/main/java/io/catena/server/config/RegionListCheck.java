package io.catena.server.config;

import io.catena.core.config.keys.ProtocolKeys;
import io.catena.server.config.ServerConfig.Builder.ChainServerEntry;
import io.catena.server.config.ServerConfig.Builder.RegionEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Validates the region list — names present, well-formed and unique, endpoints present,
 * connectable and each on a port of its own, epoch offsets not negative (whether each is below
 * the delay tolerance is the core's rule, {@link ClusterConfigCheck}) — and the choice of the
 * region this process runs.
 */
final class RegionListCheck {

    private final ConfigProblems problems;
    private final Map<String, String> pathByName = new HashMap<>();
    private final Map<HostPort, String> pathByEndpoint = new HashMap<>();

    private RegionListCheck(ConfigProblems problems) {
        this.problems = problems;
    }

    /** The regions that are complete; problems with any go to {@code problems}. */
    static List<RegionEndpoint> check(List<RegionEntry> entries, ConfigProblems problems) {
        if (entries.isEmpty() && !problems.hasUnder("regions")) {
            problems.add("regions", "lists no region; list every region of the cluster with its name and address");
        }
        RegionListCheck check = new RegionListCheck(problems);
        List<RegionEndpoint> endpoints = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            check.entry(i, entries.get(i)).ifPresent(endpoints::add);
        }
        return endpoints;
    }

    /** The region as an endpoint, if it has a good name and an address. */
    private Optional<RegionEndpoint> entry(int index, RegionEntry entry) {
        String path = "regions[" + index + "]";
        boolean named = NameRule.check(path + ".name", entry.name(), problems);
        if (named) {
            String earlier = pathByName.putIfAbsent(entry.name(), path + ".name");
            if (earlier != null) {
                problems.add(path + ".name", "'" + entry.name() + "' is listed twice (also " + earlier + ")");
            }
        }
        if (entry.address() == null) {
            if (!problems.hasAt(path + ".address")) {
                problems.add(path + ".address", "missing required key");
            }
        } else {
            endpoint(path + ".address", entry.address());
        }
        if (entry.metrics() != null) {
            endpoint(path + ".metrics", entry.metrics());
        }
        List<ChainServerEndpoint> servers = new ArrayList<>();
        for (int i = 0; i < entry.chainServers().size(); i++) {
            chainServer(path + ".chainServers[" + i + "]", entry.chainServers().get(i)).ifPresent(servers::add);
        }
        List<StandbyEndpoint> standbys = new ArrayList<>();
        for (int i = 0; i < entry.standbys().size(); i++) {
            standby(path + ".standbys[" + i + "]", entry.standbys().get(i)).ifPresent(standbys::add);
        }
        Optional<String> offsetProblem = ProtocolKeys.EPOCH_OFFSET.check(entry.epochOffsetMicros());
        offsetProblem.ifPresent(p -> problems.add(path + "." + ProtocolKeys.EPOCH_OFFSET.name(), p));
        if (!named || entry.address() == null || servers.size() < entry.chainServers().size()
                || standbys.size() < entry.standbys().size() || offsetProblem.isPresent()) {
            return Optional.empty();
        }
        return Optional.of(new RegionEndpoint(entry.name(), entry.address(), Optional.ofNullable(entry.metrics()),
                servers, standbys, entry.epochOffsetMicros()));
    }

    /** A standby coordinator process, if it has an address; its endpoints share the region list's rules. */
    private Optional<StandbyEndpoint> standby(String path, ServerConfig.Builder.StandbyEntry entry) {
        if (entry.metrics() != null) {
            endpoint(path + ".metrics", entry.metrics());
        }
        if (entry.address() == null) {
            if (!problems.hasAt(path + ".address")) {
                problems.add(path + ".address", "missing required key; give the host:port this standby coordinator's "
                        + "process listens on");
            }
            return Optional.empty();
        }
        endpoint(path + ".address", entry.address());
        return Optional.of(new StandbyEndpoint(entry.address(), Optional.ofNullable(entry.metrics())));
    }

    /**
     * Checks that a region whose coordinator has standbys can run them: they elect their leader in
     * the region's ZooKeeper, and each must reach the store the others wrote, which the embedded
     * store, living inside one process, is not.
     */
    static void checkStandbys(List<RegionEndpoint> regions, String region, ZooKeeperSettings zookeeper,
                              StorageBackend backend, ConfigProblems problems) {
        for (int i = 0; i < regions.size(); i++) {
            RegionEndpoint r = regions.get(i);
            if (!r.hasStandbys() || !r.name().equals(region)) {
                continue;
            }
            if (zookeeper == null) {
                problems.add("zookeeper", "missing: region " + region + " lists standbys, whose coordinators elect "
                        + "their leader in the region's ZooKeeper; add zookeeper.servers, such as [127.0.0.1:2181]");
            }
            if (backend == StorageBackend.MEMORY) {
                problems.add("regions[" + i + "].standbys", "need a store every coordinator process reaches (cassandra "
                        + "or hbase): a standby takes over from the log its leader wrote, and the embedded store lives "
                        + "inside one process");
            }
        }
    }

    /** A chain-server process, if it has an address; its endpoints share the region list's rules. */
    private Optional<ChainServerEndpoint> chainServer(String path, ChainServerEntry entry) {
        if (entry.metrics() != null) {
            endpoint(path + ".metrics", entry.metrics());
        }
        if (entry.address() == null) {
            if (!problems.hasAt(path + ".address")) {
                problems.add(path + ".address", "missing required key; give the host:port this chain server's "
                        + "process listens on");
            }
            return Optional.empty();
        }
        endpoint(path + ".address", entry.address());
        return Optional.of(new ChainServerEndpoint(entry.address(), Optional.ofNullable(entry.metrics()),
                Optional.ofNullable(entry.beside())));
    }

    /**
     * Checks that every region that lists chain-server processes lists at least one per chain
     * server it starts with, since each process runs the chain server of its position. More are
     * chain servers added at run time, which own keys only where the store says where its keys
     * live: on the embedded store each process journals its own, so they could never move.
     */
    static void checkChainServerCount(List<RegionEndpoint> regions, int chainServers, StorageBackend backend,
                                      ConfigProblems problems) {
        for (int i = 0; i < regions.size(); i++) {
            int listed = regions.get(i).chainServers().size();
            String lists = "lists " + listed + " chain-server process" + (listed == 1 ? "" : "es")
                    + " but protocol.chainServers is " + chainServers;
            if (listed > 0 && listed < chainServers) {
                problems.add("regions[" + i + "].chainServers", lists + "; list one per chain server, or none to run "
                        + "them all in the coordinator's process");
            } else if (listed > chainServers && backend == StorageBackend.MEMORY) {
                problems.add("regions[" + i + "].chainServers", lists + "; chain servers beyond protocol.chainServers "
                        + "join at run time and take keys from the others, which needs a store that places keys on "
                        + "nodes (cassandra or hbase), not the embedded store");
            }
        }
    }

    private void endpoint(String path, HostPort endpoint) {
        if (endpoint.isWildcard()) {
            problems.add(path, endpoint.host() + " is not an address others can connect to; give a reachable "
                    + "host, and set network.listenHost: " + endpoint.host() + " to listen on every interface");
            return;
        }
        String earlier = pathByEndpoint.putIfAbsent(endpoint, path);
        if (earlier != null) {
            problems.add(path, endpoint + " is also " + earlier + "; every endpoint needs a port of its own");
        }
    }

    /**
     * Checks that {@code region} is one of {@code names}.
     *
     * @param fromCommandLine whether the name came from the command line rather than the file
     */
    static void checkSelected(String region, List<String> names, boolean fromCommandLine, ConfigProblems problems) {
        if (region == null) {
            problems.add("region", "missing required key; name the region this process runs, here or on the "
                    + "command line");
            return;
        }
        if (names.isEmpty() || names.contains(region)) {
            return;
        }
        String given = fromCommandLine ? "'" + region + "', given on the command line," : "'" + region + "'";
        String hint = NearestName.among(names, region).map(n -> "; did you mean " + n + "?").orElse("");
        String message = given + " is not among regions (" + String.join(", ", names) + ")" + hint;
        if (fromCommandLine) {
            problems.addAt(0, "region", message);
        } else {
            problems.add("region", message);
        }
    }
}
