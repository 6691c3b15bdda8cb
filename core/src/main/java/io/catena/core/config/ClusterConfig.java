package io.catena.core.config;

import io.catena.core.id.RegionId;
import io.catena.core.rlog.EncodedSize;
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
 * @param maxTransactionBytes   a coordinator refuses a transaction larger than this (as measured by
 *                              {@link EncodedSize#txn}) when it arrives (default 1 MiB)
 * @param maxRecordBytes        the most one record of the log may take; what arrives beyond it in
 *                              an epoch waits for the next epochs' records (default 4 MiB; at
 *                              least twice {@code maxTransactionBytes} plus the record's own fields)
 * @param maxEpochMessageBytes  the largest frame an epoch message may take; records beyond it
 *                              follow in later epochs (default 8 MiB; at least
 *                              {@code maxRecordBytes} plus the message's own fields, and at most
 *                              the frame limit of every region process)
 */
public record ClusterConfig(List<String> regions, int chainServersPerRegion, long epochLengthMicros,
                            int faultTolerance, long delayToleranceMicros, int voteWindowEpochs,
                            long retransmitAfterMicros, int redundantEpochs, long orderingGraceMicros,
                            int maxTransactionBytes, int maxRecordBytes, int maxEpochMessageBytes) {

    /** Smallest {@link #maxTransactionBytes}: room for an ordinary transaction. */
    public static final int MIN_TRANSACTION_BYTES = 1 << 10;

    /** Largest size limit: the largest frame a region process accepts. */
    public static final int MAX_SIZE_LIMIT_BYTES = 1 << 30;

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
        private long maxTransactionBytes = 1 << 20;
        private long maxRecordBytes = 4 << 20;
        private long maxEpochMessageBytes = 8 << 20;

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

        public Builder maxTransactionBytes(long bytes) {
            this.maxTransactionBytes = bytes;
            return this;
        }

        public Builder maxRecordBytes(long bytes) {
            this.maxRecordBytes = bytes;
            return this;
        }

        public Builder maxEpochMessageBytes(long bytes) {
            this.maxEpochMessageBytes = bytes;
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
            sizeLimits(problems);
            int window = voteWindowEpochs > 0 ? voteWindowEpochs
                    : (int) Math.max(20, 2 * delayToleranceMicros / epochLengthMicros);
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("invalid cluster configuration: " + String.join("; ", problems));
            }
            return new ClusterConfig(regions, chainServersPerRegion, epochLengthMicros, faultTolerance,
                    delayToleranceMicros, window, retransmitAfterMicros, redundantEpochs, orderingGraceMicros,
                    (int) maxTransactionBytes, (int) maxRecordBytes, (int) maxEpochMessageBytes);
        }

        /**
         * The largest transaction must fit in a record beside the votes (which take at most half of
         * what the record's own fields leave), and the largest record in an epoch message: then
         * every transaction, every record and every epoch message fits, and none can stall a link.
         */
        private void sizeLimits(List<String> problems) {
            boolean inRange = true;
            if (maxTransactionBytes < MIN_TRANSACTION_BYTES || maxTransactionBytes > MAX_SIZE_LIMIT_BYTES) {
                problems.add("maxTransactionBytes must be between " + MIN_TRANSACTION_BYTES + " and "
                        + MAX_SIZE_LIMIT_BYTES + ", not " + maxTransactionBytes);
                inRange = false;
            }
            if (maxRecordBytes < 1 || maxRecordBytes > MAX_SIZE_LIMIT_BYTES) {
                problems.add("maxRecordBytes must be between 1 and " + MAX_SIZE_LIMIT_BYTES + ", not " + maxRecordBytes);
                inRange = false;
            }
            if (maxEpochMessageBytes < 1 || maxEpochMessageBytes > MAX_SIZE_LIMIT_BYTES) {
                problems.add("maxEpochMessageBytes must be between 1 and " + MAX_SIZE_LIMIT_BYTES + ", not "
                        + maxEpochMessageBytes);
                inRange = false;
            }
            if (!inRange || regions.isEmpty()) {
                return;
            }
            long leastRecord = 2 * maxTransactionBytes + EncodedSize.recordSkeleton(regions.size());
            if (maxRecordBytes < leastRecord) {
                problems.add("maxRecordBytes must hold two of the largest transactions and the record's own fields: "
                        + "at least " + leastRecord + ", not " + maxRecordBytes);
            }
            long leastMessage = maxRecordBytes + EncodedSize.epochMessageSkeleton(regions.size());
            if (maxEpochMessageBytes < leastMessage) {
                problems.add("maxEpochMessageBytes must hold the largest record and the message's own fields: "
                        + "at least " + leastMessage + ", not " + maxEpochMessageBytes);
            }
        }
    }
}
