package io.catena.lab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The recorders of every region of a run, sharing its start and throughput interval.
 *
 * <p>Threading: safe for any number of threads; see {@link RegionRecorder}. Drivers look up their
 * region's recorder once with {@link #region(String)} and call it per finished transaction.
 */
public final class RunRecorder {

    private final Map<String, RegionRecorder> regions = new LinkedHashMap<>();
    private final long startMicros;

    /**
     * @param regionNames    the regions, in the order reports show them; distinct
     * @param startMicros    when the measured run starts, on the clock the drivers give end times in;
     *                       drivers do not record transactions submitted before it (a warm-up)
     * @param intervalMicros the interval of the throughput series, e.g. one second
     */
    public RunRecorder(List<String> regionNames, long startMicros, long intervalMicros) {
        if (regionNames.isEmpty()) {
            throw new IllegalArgumentException("a run records at least one region");
        }
        this.startMicros = startMicros;
        for (String name : regionNames) {
            if (regions.put(name, new RegionRecorder(name, startMicros, intervalMicros)) != null) {
                throw new IllegalArgumentException("region " + name + " is listed twice");
            }
        }
    }

    /** When the measured run starts. */
    public long startMicros() {
        return startMicros;
    }

    /** The recorder of the region named {@code name}. */
    public RegionRecorder region(String name) {
        RegionRecorder r = regions.get(name);
        if (r == null) {
            throw new IllegalArgumentException("no region " + name + " in this run; its regions are "
                    + regions.keySet());
        }
        return r;
    }

    /** Commits recorded so far in all regions, e.g. for a {@link ProgressBar}. */
    public long committed() {
        return regions.values().stream().mapToLong(RegionRecorder::committed).sum();
    }

    /** Every region's summary up to {@code endMicros}, in region order; see {@link RegionRecorder#summarize}. */
    public List<RegionSummary> summarize(long endMicros) {
        List<RegionSummary> summaries = new ArrayList<>();
        for (RegionRecorder r : regions.values()) {
            summaries.add(r.summarize(endMicros));
        }
        return summaries;
    }
}
