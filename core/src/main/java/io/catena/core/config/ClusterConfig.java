package io.catena.core.config;

import io.catena.core.id.RegionId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The settings every region must share. Built and validated by {@link Builder}; each setting's
 * default is next to it.
 *
 * @param regions               region names, in index order
 * @param chainServersPerRegion chain servers in each region (default 4)
 * @param epochLengthMicros     length of an epoch (default 10 ms)
 * @param faultTolerance        regions that may be down or cut off while the others go on
 *                              (0: every region waits for every other, the paper's default mode;
 *                              up to (regions-1)/2: majority mode). Above 0, a region answers
 *                              its own clients only after that many other regions hold its batch.
 * @param delayToleranceMicros  how long after an epoch ends a region waits for another region's
 *                              record before voting to abandon it (only with faultTolerance > 0)
 * @param voteWindowEpochs      votes on an epoch's order count only if logged within this many
 *                              epochs after it; when the window closes without a majority the
 *                              order falls back to a deterministic choice among the votes cast
 * @param retransmitAfterMicros resend a record a peer has not acknowledged after this long
 * @param redundantEpochs       also resend the records of this many previous epochs with every
 *                              epoch message (the paper's redundancy against loss)
 * @param orderingGraceMicros   a speculative precommit waits up to this long for a conflicting
 *                              transaction of its epoch that arrived earlier before overtaking it
 *                              (default 300 µs, about twice the jitter of a hop inside a region; 0: pure arrival race), so that close races resolve
 *                              the same way in every region
 */
public record ClusterConfig(List<String> regions, int chainServersPerRegion, long epochLengthMicros,
                            int faultTolerance, long delayToleranceMicros, int voteWindowEpochs,
                            long retransmitAfterMicros, int redundantEpochs, long orderingGraceMicros) {

    public ClusterConfig {
        regions = List.copyOf(regions);
    }

    public static Builder builder() {
        return new Builder();
    }

    public int regionCount() {
        return regions.size();
    }

    public List<RegionId> regionIds() {
        List<RegionId> ids = new ArrayList<>();
        for (int i = 0; i < regions.size(); i++) {
            ids.add(RegionId.of(i));
        }
        return ids;
    }

    public String regionName(RegionId region) {
        return regions.get(region.index());
    }

    public Placement placement() {
        return new HashPlacement(chainServersPerRegion);
    }

    /** Votes needed to decide an order by majority. */
    public int majority() {
        return regions.size() / 2 + 1;
    }

    /** Other regions that must hold a record before it is certain to be included. */
    public int inclusionQuorum() {
        return faultTolerance;
    }

    /** Other regions that must vote to abandon a record before it is abandoned. */
    public int abandonQuorum() {
        return regions.size() - faultTolerance;
    }

    /** Validated construction with defaults. */
    public static final class Builder {
        private List<String> regions = List.of("us-central1", "europe-west1", "asia-east1");
        private int chainServersPerRegion = 4;
        private long epochLengthMicros = 10_000;
        private int faultTolerance = 0;
        private long delayToleranceMicros = 400_000;
        private int voteWindowEpochs = -1;
        private long retransmitAfterMicros = 400_000;
        private int redundantEpochs = 1;
        private long orderingGraceMicros = 300;

        public Builder regions(List<String> names) {
            this.regions = List.copyOf(names);
            return this;
        }

        public Builder chainServersPerRegion(int n) {
            this.chainServersPerRegion = n;
            return this;
        }

        public Builder epochLengthMicros(long micros) {
            this.epochLengthMicros = micros;
            return this;
        }

        public Builder faultTolerance(int f) {
            this.faultTolerance = f;
            return this;
        }

        public Builder delayToleranceMicros(long micros) {
            this.delayToleranceMicros = micros;
            return this;
        }

        public Builder voteWindowEpochs(int epochs) {
            this.voteWindowEpochs = epochs;
            return this;
        }

        public Builder retransmitAfterMicros(long micros) {
            this.retransmitAfterMicros = micros;
            return this;
        }

        public Builder redundantEpochs(int epochs) {
            this.redundantEpochs = epochs;
            return this;
        }

        public Builder orderingGraceMicros(long micros) {
            this.orderingGraceMicros = micros;
            return this;
        }

        public ClusterConfig build() {
            List<String> problems = new ArrayList<>();
            if (regions.isEmpty()) {
                problems.add("at least one region is required");
            }
            Set<String> seen = new HashSet<>();
            for (String r : regions) {
                if (r == null || r.isBlank()) {
                    problems.add("region names must not be blank");
                } else if (!seen.add(r)) {
                    problems.add("region '" + r + "' is listed twice");
                }
            }
            if (chainServersPerRegion < 1) {
                problems.add("chainServersPerRegion must be at least 1, not " + chainServersPerRegion);
            }
            if (epochLengthMicros < 100) {
                problems.add("epochLengthMicros must be at least 100, not " + epochLengthMicros);
            }
            int maxTolerance = (regions.size() - 1) / 2;
            if (faultTolerance < 0 || faultTolerance > maxTolerance) {
                problems.add("faultTolerance must be between 0 and " + maxTolerance + " for "
                        + regions.size() + " regions, not " + faultTolerance);
            }
            if (delayToleranceMicros < epochLengthMicros) {
                problems.add("delayToleranceMicros must be at least one epoch");
            }
            if (retransmitAfterMicros < epochLengthMicros) {
                problems.add("retransmitAfterMicros must be at least one epoch");
            }
            if (redundantEpochs < 0) {
                problems.add("redundantEpochs must not be negative");
            }
            if (orderingGraceMicros < 0 || orderingGraceMicros >= epochLengthMicros) {
                problems.add("orderingGraceMicros must be between 0 and the epoch length, not " + orderingGraceMicros);
            }
            int window = voteWindowEpochs > 0 ? voteWindowEpochs
                    : (int) Math.max(20, 2 * delayToleranceMicros / epochLengthMicros);
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("invalid cluster configuration: " + String.join("; ", problems));
            }
            return new ClusterConfig(regions, chainServersPerRegion, epochLengthMicros, faultTolerance,
                    delayToleranceMicros, window, retransmitAfterMicros, redundantEpochs, orderingGraceMicros);
        }
    }
}
