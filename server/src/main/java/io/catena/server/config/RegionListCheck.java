package io.catena.server.config;

import io.catena.server.config.ServerConfig.Builder.RegionEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Validates the region list — names present, well-formed and unique, endpoints present,
 * connectable and each on a port of its own — and the choice of the region this process runs.
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
        if (!named || entry.address() == null) {
            return Optional.empty();
        }
        return Optional.of(new RegionEndpoint(entry.name(), entry.address(), Optional.ofNullable(entry.metrics())));
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
