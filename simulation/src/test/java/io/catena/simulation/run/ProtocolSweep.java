package io.catena.simulation.run;

import io.catena.simulation.client.InteractiveCounts;
import io.catena.simulation.client.LookupCounts;
import java.util.ArrayList;
import java.util.List;

/**
 * A comparison protocol's sweep: its slices run one after the other, and everything wrong with
 * them collected, so that one assertion reports it all. Beyond the seeds that fail the checker
 * (each with its replay command): a slice that committed nothing; a slice named {@link #INTERACTIVE}
 * that did not both commit and abort for a conflict; a slice named with {@link #LOOKUPS} whose
 * lookups cancelled nothing, stayed unresolved or met a late answer that disagreed.
 */
final class ProtocolSweep {

    static final String LOOKUPS = "list-append, lookups, lossy client links";
    static final String INTERACTIVE = "rmw interactive on gcp3";

    private ProtocolSweep() {
    }

    static List<String> failures(List<SweepSlice> slices, long seedsPerSlice) {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<String> failures = new ArrayList<>();
        for (SweepSlice slice : slices) {
            SeedSweep.Summary summary = slice.run(seedsPerSlice, threads);
            failures.addAll(slice.failures(summary));
            if (summary.committed() <= 0) {
                failures.add(slice.name() + " committed nothing");
            }
            if (slice.name().endsWith(INTERACTIVE)) {
                InteractiveCounts interactive = summary.exercised().interactive();
                if (interactive.committed() == 0 || interactive.conflicts() == 0) {
                    failures.add(slice.name() + " did not both commit and abort for a conflict: " + interactive.line());
                }
            }
            if (slice.name().contains(LOOKUPS)) {
                LookupCounts lookups = summary.exercised().lookups();
                if (lookups.notCommitted() <= 0) {
                    failures.add(slice.name() + " cancelled no request");
                }
                if (lookups.unresolved() != 0) {
                    failures.add(slice.name() + " left " + lookups.unresolved() + " lookups unresolved");
                }
                if (lookups.disagreed() != 0) {
                    failures.add(slice.name() + " had " + lookups.disagreed() + " late answers against lookups");
                }
            }
        }
        return failures;
    }
}
