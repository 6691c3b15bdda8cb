package io.catena.core.config;

import static io.catena.core.config.keys.ProtocolKeys.CHAIN_SERVERS;
import static io.catena.core.config.keys.ProtocolKeys.DELAY_TOLERANCE;
import static io.catena.core.config.keys.ProtocolKeys.EPOCH_LENGTH;
import static io.catena.core.config.keys.ProtocolKeys.FAULT_TOLERANCE;
import static io.catena.core.config.keys.ProtocolKeys.MAX_EPOCH_MESSAGE_BYTES;
import static io.catena.core.config.keys.ProtocolKeys.MAX_RECORD_BYTES;
import static io.catena.core.config.keys.ProtocolKeys.MAX_TRANSACTION_BYTES;
import static io.catena.core.config.keys.ProtocolKeys.ORDERING_GRACE;
import static io.catena.core.config.keys.ProtocolKeys.REDUNDANT_EPOCHS;
import static io.catena.core.config.keys.ProtocolKeys.RETRANSMIT_AFTER;
import static io.catena.core.config.keys.ProtocolKeys.VOTE_WINDOW_EPOCHS;

import io.catena.core.config.keys.Complaint;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.EncodedSize;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings every region must share. Built and validated by {@link Builder}; each setting's
 * name, unit, default and range are its key's in {@link ProtocolKeys}.
 *
 * @param regions               region names, in index order
 * @param chainServersPerRegion chain servers in each region
 * @param epochLengthMicros     length of an epoch
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
 *                              (about twice the jitter of a hop inside a region; 0: pure arrival race), so that close
 *                              races resolve the same way in every region
 * @param maxTransactionBytes   a coordinator refuses a transaction larger than this (as measured by
 *                              {@link EncodedSize#txn}) when it arrives
 * @param maxRecordBytes        the most one record of the log may take; what arrives beyond it in
 *                              an epoch waits for the next epochs' records (at least twice {@code maxTransactionBytes} plus the record's own fields)
 * @param maxEpochMessageBytes  the largest frame an epoch message may take; records beyond it
 *                              follow in later epochs (at least
 *                              {@code maxRecordBytes} plus the message's own fields, and at most
 *                              the frame limit of every region process)
 * @param epochOffsetsMicros    how far each region's epochs run ahead of the cluster clock on purpose
 *                              ({@link ProtocolKeys#EPOCH_OFFSET}, docs/PROTOCOL.md "Epoch offsets"),
 *                              one per region in region order; empty for none, which is what all
 *                              zero comes to. Each is below {@code delayToleranceMicros}
 */
public record ClusterConfig(List<String> regions, int chainServersPerRegion, long epochLengthMicros,
                            int faultTolerance, long delayToleranceMicros, int voteWindowEpochs,
                            long retransmitAfterMicros, int redundantEpochs, long orderingGraceMicros,
                            int maxTransactionBytes, int maxRecordBytes, int maxEpochMessageBytes,
                            List<Long> epochOffsetsMicros) {

    public ClusterConfig {
        regions = List.copyOf(regions);
        epochOffsetsMicros = List.copyOf(epochOffsetsMicros);
    }

    /** The value of {@code key} in this configuration, in the key's unit. */
    public long value(SettingKey key) {
        return key.read().applyAsLong(this);
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

    /** How far {@code region}'s epochs run ahead of the cluster clock on purpose; 0 without offsets. */
    public long epochOffsetMicros(RegionId region) {
        return epochOffsetsMicros.isEmpty() ? 0 : epochOffsetsMicros.get(region.index());
    }

    /** Whether any region's epochs run ahead of another's on purpose. */
    public boolean hasEpochOffsets() {
        return !epochOffsetsMicros.isEmpty();
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

    /**
     * Validated construction; each setting's default, range and name are its key's in
     * {@link ProtocolKeys}.
     */
    public static final class Builder {
        private List<String> regions = List.of("us-central1", "europe-west1", "asia-east1");
        private final Map<SettingKey, Long> values = new HashMap<>();
        private List<Long> epochOffsetsMicros = List.of();

        private Builder() {
            for (SettingKey key : ProtocolKeys.NUMERIC) {
                values.put(key, key.defaultValue());
            }
        }

        public Builder regions(List<String> names) {
            this.regions = List.copyOf(names);
            return this;
        }

        /** Sets the setting {@code key} to {@code value}, in the key's unit. */
        public Builder set(SettingKey key, long value) {
            if (!values.containsKey(key)) {
                throw new IllegalArgumentException(key.name() + " is not a protocol setting");
            }
            values.put(key, value);
            return this;
        }

        /**
         * How far each region's epochs run ahead of the cluster clock, in microseconds, one per
         * region in region order; empty (the default) or all zero for none.
         */
        public Builder epochOffsetsMicros(List<Long> offsets) {
            this.epochOffsetsMicros = List.copyOf(offsets);
            return this;
        }

        public Builder chainServersPerRegion(int n) {
            return set(ProtocolKeys.CHAIN_SERVERS, n);
        }

        public Builder epochLengthMicros(long micros) {
            return set(ProtocolKeys.EPOCH_LENGTH, micros);
        }

        public Builder faultTolerance(int f) {
            return set(ProtocolKeys.FAULT_TOLERANCE, f);
        }

        public Builder delayToleranceMicros(long micros) {
            return set(ProtocolKeys.DELAY_TOLERANCE, micros);
        }

        public Builder voteWindowEpochs(int epochs) {
            return set(ProtocolKeys.VOTE_WINDOW_EPOCHS, epochs);
        }

        public Builder retransmitAfterMicros(long micros) {
            return set(ProtocolKeys.RETRANSMIT_AFTER, micros);
        }

        public Builder redundantEpochs(int epochs) {
            return set(ProtocolKeys.REDUNDANT_EPOCHS, epochs);
        }

        public Builder orderingGraceMicros(long micros) {
            return set(ProtocolKeys.ORDERING_GRACE, micros);
        }

        public Builder maxTransactionBytes(long bytes) {
            return set(ProtocolKeys.MAX_TRANSACTION_BYTES, bytes);
        }

        public Builder maxRecordBytes(long bytes) {
            return set(ProtocolKeys.MAX_RECORD_BYTES, bytes);
        }

        public Builder maxEpochMessageBytes(long bytes) {
            return set(ProtocolKeys.MAX_EPOCH_MESSAGE_BYTES, bytes);
        }

        private long get(SettingKey key) {
            return values.get(key);
        }

        /** @throws IllegalArgumentException listing every {@link #complaints() complaint}, as the core names them */
        public ClusterConfig build() {
            List<Complaint> complaints = complaints();
            if (!complaints.isEmpty()) {
                throw new IllegalArgumentException("invalid cluster configuration: "
                        + String.join("; ", complaints.stream().map(Complaint::coreText).toList()));
            }
            long epoch = get(EPOCH_LENGTH);
            long window = get(VOTE_WINDOW_EPOCHS) > 0 ? get(VOTE_WINDOW_EPOCHS)
                    : Math.max(20, 2 * get(DELAY_TOLERANCE) / epoch);
            return new ClusterConfig(regions, (int) get(CHAIN_SERVERS), epoch, (int) get(FAULT_TOLERANCE),
                    get(DELAY_TOLERANCE), (int) window, get(RETRANSMIT_AFTER), (int) get(REDUNDANT_EPOCHS),
                    get(ORDERING_GRACE), (int) get(MAX_TRANSACTION_BYTES), (int) get(MAX_RECORD_BYTES),
                    (int) get(MAX_EPOCH_MESSAGE_BYTES),
                    epochOffsetsMicros.stream().allMatch(o -> o == 0) ? List.of() : epochOffsetsMicros);
        }

        /** What is wrong with these settings, in the order they are checked; empty when they are valid. */
        public List<Complaint> complaints() {
            List<Complaint> problems = new ArrayList<>();
            regionNames(problems);
            rangeOf(CHAIN_SERVERS, problems);
            rangeOf(EPOCH_LENGTH, problems);
            int maxTolerance = (regions.size() - 1) / 2;
            long f = get(FAULT_TOLERANCE);
            if (f < 0 || f > maxTolerance) {
                problems.add(Complaint.of(FAULT_TOLERANCE, "must be between 0 and " + maxTolerance + " for "
                        + regions.size() + " regions, not " + f));
            }
            long epoch = get(EPOCH_LENGTH);
            if (get(DELAY_TOLERANCE) < epoch) {
                problems.add(Complaint.of(DELAY_TOLERANCE, "must be at least one epoch"));
            }
            if (get(RETRANSMIT_AFTER) < epoch) {
                problems.add(Complaint.of(RETRANSMIT_AFTER, "must be at least one epoch"));
            }
            rangeOf(REDUNDANT_EPOCHS, problems);
            long grace = get(ORDERING_GRACE);
            if (grace < 0 || grace >= epoch) {
                problems.add(Complaint.of(ORDERING_GRACE, "must be between ", ORDERING_GRACE.amount(0),
                        " and the epoch length, not ", ORDERING_GRACE.amount(grace)));
            }
            sizeLimits(problems);
            epochOffsets(problems);
            return problems;
        }

        /**
         * One offset per region, none negative, each below the delay tolerance: an offset is a
         * deliberate clock skew, and in majority mode a region waits no longer than the delay
         * tolerance for another's record before it votes to abandon it.
         */
        private void epochOffsets(List<Complaint> problems) {
            if (epochOffsetsMicros.isEmpty()) {
                return;
            }
            if (epochOffsetsMicros.size() != regions.size()) {
                problems.add(Complaint.general(ProtocolKeys.EPOCH_OFFSETS_CORE_NAME + " must give one offset per "
                        + "region, " + regions.size() + ", not " + epochOffsetsMicros.size()));
                return;
            }
            long tolerance = get(DELAY_TOLERANCE);
            for (int i = 0; i < epochOffsetsMicros.size(); i++) {
                long offset = epochOffsetsMicros.get(i);
                if (offset < 0) {
                    problems.add(Complaint.ofEpochOffset(i, "must not be negative"));
                } else if (offset >= tolerance) {
                    problems.add(Complaint.ofEpochOffset(i, "must be below the delay tolerance, ",
                            DELAY_TOLERANCE.amount(tolerance), ", not ", DELAY_TOLERANCE.amount(offset)));
                }
            }
        }

        private void rangeOf(SettingKey key, List<Complaint> problems) {
            key.check(get(key)).ifPresent(problems::add);
        }

        private void regionNames(List<Complaint> problems) {
            if (regions.isEmpty()) {
                problems.add(Complaint.general("at least one region is required"));
            }
            Set<String> seen = new HashSet<>();
            for (String r : regions) {
                if (r == null || r.isBlank()) {
                    problems.add(Complaint.general("region names must not be blank"));
                } else if (!seen.add(r)) {
                    problems.add(Complaint.general("region '" + r + "' is listed twice"));
                }
            }
        }

        /**
         * The largest transaction must fit in a record beside the votes (which take at most half of
         * what the record's own fields leave), and the largest record in an epoch message: then
         * every transaction, every record and every epoch message fits, and none can stall a link.
         */
        private void sizeLimits(List<Complaint> problems) {
            int before = problems.size();
            rangeOf(MAX_TRANSACTION_BYTES, problems);
            rangeOf(MAX_RECORD_BYTES, problems);
            rangeOf(MAX_EPOCH_MESSAGE_BYTES, problems);
            if (problems.size() > before || regions.isEmpty()) {
                return;
            }
            long record = get(MAX_RECORD_BYTES);
            long leastRecord = 2 * get(MAX_TRANSACTION_BYTES) + EncodedSize.recordSkeleton(regions.size());
            if (record < leastRecord) {
                problems.add(Complaint.of(MAX_RECORD_BYTES, "must hold two of the largest transactions and the "
                        + "record's own fields: at least ", MAX_RECORD_BYTES.amount(leastRecord), ", not ",
                        MAX_RECORD_BYTES.amount(record)));
            }
            long message = get(MAX_EPOCH_MESSAGE_BYTES);
            long leastMessage = record + EncodedSize.epochMessageSkeleton(regions.size());
            if (message < leastMessage) {
                problems.add(Complaint.of(MAX_EPOCH_MESSAGE_BYTES, "must hold the largest record and the message's "
                        + "own fields: at least ", MAX_EPOCH_MESSAGE_BYTES.amount(leastMessage), ", not ",
                        MAX_EPOCH_MESSAGE_BYTES.amount(message)));
            }
        }
    }
}
