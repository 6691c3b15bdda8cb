package io.catena.lab.report;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The results of one run, however it was produced: an in-process {@code catena demo} or a
 * {@code catena bench} against a remote cluster.
 *
 * @param title   a headline, e.g. {@code "catena demo: 3 regions, bank workload"}
 * @param facts   how the run was configured, in the order they are shown
 * @param regions what each region measured, in the order they are shown; names are distinct
 * @param checks  cluster-wide checks of the run, in the order they are shown
 */
public record RunSummary(String title, List<ConfigFact> facts, List<RegionSummary> regions, List<Check> checks) {

    /** The name of the row that adds up all regions. */
    public static final String TOTAL_NAME = "all regions";

    public RunSummary {
        if (title == null || title.isBlank()) {
            throw new IllegalArgumentException("a run summary has a title");
        }
        facts = List.copyOf(facts);
        regions = List.copyOf(regions);
        checks = List.copyOf(checks);
        if (regions.isEmpty()) {
            throw new IllegalArgumentException("a run summary covers at least one region");
        }
        Set<String> names = new HashSet<>();
        for (RegionSummary r : regions) {
            if (!names.add(r.region())) {
                throw new IllegalArgumentException("region " + r.region() + " appears twice in the summary");
            }
        }
    }

    /** All regions added up, as one row named {@link #TOTAL_NAME}. */
    public RegionSummary total() {
        return RegionSummary.combine(TOTAL_NAME, regions);
    }

    /** Whether every check passed (true when there are none). */
    public boolean allChecksPassed() {
        return checks.stream().allMatch(Check::passed);
    }
}
