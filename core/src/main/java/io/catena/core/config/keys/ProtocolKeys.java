package io.catena.core.config.keys;

import static io.catena.core.config.keys.SettingUnit.BYTES;
import static io.catena.core.config.keys.SettingUnit.COUNT;
import static io.catena.core.config.keys.SettingUnit.EPOCHS_OR_AUTO;
import static io.catena.core.config.keys.SettingUnit.MICROS;

import io.catena.core.config.ClusterConfig;
import io.catena.core.protocol.Protocol;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The protocol's settings, which every region must share ({@code protocol:} in a file): the
 * catalogue of {@link SettingKey}s, in the order a file lists them. Ratis keeps its
 * {@code RaftServerConfigKeys} the same way: a key's name, default and documentation side by side.
 */
public final class ProtocolKeys {

    /** Smallest {@link #MAX_TRANSACTION_BYTES}: room for an ordinary transaction. */
    public static final long MIN_TRANSACTION_BYTES = 1 << 10;

    /** Largest size limit: the largest frame a region process accepts. */
    public static final long MAX_SIZE_LIMIT_BYTES = 1 << 30;

    private static final long NO_MAX = Long.MAX_VALUE;

    public static final SettingKey CHAIN_SERVERS = new SettingKey("chainServers", "chainServersPerRegion",
            List.of("--chain-servers"), COUNT, 4, 1, NO_MAX, "chain servers in each region",
            ClusterConfig::chainServersPerRegion);

    public static final SettingKey EPOCH_LENGTH = new SettingKey("epochLength", "epochLengthMicros",
            List.of("--epoch", "--epoch-ms"), MICROS, 10_000, 100, NO_MAX, "length of an epoch",
            ClusterConfig::epochLengthMicros);

    public static final SettingKey DELAY_TOLERANCE = new SettingKey("delayTolerance", "delayToleranceMicros",
            List.of("--delay-tolerance", "--delay-tolerance-ms"), MICROS, 400_000, 0, NO_MAX,
            "with faultTolerance above 0, how long after an epoch a region waits for another's record before"
                    + " voting to abandon it", ClusterConfig::delayToleranceMicros);

    public static final SettingKey FAULT_TOLERANCE = new SettingKey("faultTolerance", "faultTolerance",
            List.of("--fault-tolerance"), COUNT, 0, 0, NO_MAX,
            "regions that may be down or cut off while the others go on: 0 up to (regions-1)/2",
            ClusterConfig::faultTolerance);

    public static final SettingKey VOTE_WINDOW_EPOCHS = new SettingKey("voteWindowEpochs", "voteWindowEpochs",
            List.of("--vote-window-epochs"), EPOCHS_OR_AUTO, SettingUnit.AUTO, 0, NO_MAX,
            "epochs in which votes on an epoch's order count; auto: max(20, 2 * delayTolerance / epochLength)",
            ClusterConfig::voteWindowEpochs);

    public static final SettingKey RETRANSMIT_AFTER = new SettingKey("retransmitAfter", "retransmitAfterMicros",
            List.of("--retransmit-after"), MICROS, 400_000, 0, NO_MAX,
            "resend a record a peer has not acknowledged after this long", ClusterConfig::retransmitAfterMicros);

    public static final SettingKey REDUNDANT_EPOCHS = new SettingKey("redundantEpochs", "redundantEpochs",
            List.of("--redundant-epochs"), COUNT, 1, 0, NO_MAX,
            "also resend this many previous epochs' records with every epoch message", ClusterConfig::redundantEpochs);

    public static final SettingKey ORDERING_GRACE = new SettingKey("orderingGrace", "orderingGraceMicros",
            List.of("--ordering-grace", "--ordering-grace-ms"), MICROS, 300, 0, NO_MAX,
            "how long a speculative precommit waits for an earlier conflicting transaction of its epoch",
            ClusterConfig::orderingGraceMicros);

    public static final SettingKey MAX_TRANSACTION_BYTES = new SettingKey("maxTransactionBytes",
            "maxTransactionBytes", List.of("--max-transaction-bytes", "--max-txn-bytes"), BYTES, 1 << 20,
            MIN_TRANSACTION_BYTES, MAX_SIZE_LIMIT_BYTES, "a transaction larger than this is refused when it arrives",
            ClusterConfig::maxTransactionBytes);

    public static final SettingKey MAX_RECORD_BYTES = new SettingKey("maxRecordBytes", "maxRecordBytes",
            List.of("--max-record-bytes"), BYTES, 4 << 20, 1, MAX_SIZE_LIMIT_BYTES,
            "the most one region's record of one epoch may take", ClusterConfig::maxRecordBytes);

    public static final SettingKey MAX_EPOCH_MESSAGE_BYTES = new SettingKey("maxEpochMessageBytes",
            "maxEpochMessageBytes", List.of("--max-epoch-message-bytes", "--max-message-bytes"), BYTES, 8 << 20, 1,
            MAX_SIZE_LIMIT_BYTES, "the largest frame an epoch message may take", ClusterConfig::maxEpochMessageBytes);

    /**
     * Which protocol every region runs. Its values belong to the protocols themselves (the names of
     * the {@link Protocol} plug-ins on the class path), so the key holds only its name, flag and default.
     */
    public static final ChoiceKey ALGORITHM = new ChoiceKey("algorithm", List.of("--protocol"), Protocol.CATENA.name(),
            Protocol::names, "what every region runs: catena, or a comparison baseline");

    /**
     * How far a region's epochs run ahead of the cluster clock ({@code epochOffset} of each entry of
     * {@code regions:} in a file; docs/PROTOCOL.md, "Epoch offsets"). It is a region's own number
     * but the cluster's setting: every region's file gives every region's, and the fingerprint
     * digests them all. The core holds them as {@link ClusterConfig#epochOffsetsMicros}, in region order.
     */
    public static final ValueKey<Long> EPOCH_OFFSET = new ValueKey<>("epochOffset", SettingUnit.MICROS.expected(),
            SettingUnit.MICROS::parse, SettingUnit.MICROS::format, Optional.of(0L),
            micros -> micros < 0 ? Optional.of("must not be negative") : Optional.empty(),
            "how far the region's epochs run ahead of the others' on purpose; below delayTolerance");

    /** The core's name of the epoch offsets, as its complaints name them. */
    public static final String EPOCH_OFFSETS_CORE_NAME = "epochOffsetsMicros";

    /**
     * The flag that sets every region's epoch offset at once: {@code none}, {@code auto} (from the
     * run's latency matrix) or milliseconds per region.
     */
    public static final String EPOCH_OFFSETS_FLAG = "--epoch-offsets";

    /** The numeric settings in the order a file lists them. */
    public static final List<SettingKey> NUMERIC = List.of(CHAIN_SERVERS, EPOCH_LENGTH, DELAY_TOLERANCE,
            FAULT_TOLERANCE, VOTE_WINDOW_EPOCHS, RETRANSMIT_AFTER, REDUNDANT_EPOCHS, ORDERING_GRACE,
            MAX_TRANSACTION_BYTES, MAX_RECORD_BYTES, MAX_EPOCH_MESSAGE_BYTES);

    private ProtocolKeys() {
    }

    /**
     * The protocol settings' flags that a command lacks, given the names of all its options: each
     * command that starts a cluster offers every one. Both commands' tests run it.
     */
    public static List<String> missingFlags(Collection<String> optionNames) {
        List<String> flags = new ArrayList<>(NUMERIC.stream().map(SettingKey::flag).toList());
        flags.add(ALGORITHM.flag());
        flags.add(EPOCH_OFFSETS_FLAG);
        flags.removeAll(optionNames);
        return flags;
    }

    /**
     * What is wrong with a command-line option whose names include a protocol setting's flag or
     * alias, or nothing when it is that setting's own: its names are the key's, in order, and its
     * default is the key's. Both commands' tests run it over every option.
     */
    public static Optional<String> flagMismatch(List<String> names, String defaultText) {
        for (SettingKey key : NUMERIC) {
            if (names.stream().anyMatch(key.flags()::contains)) {
                boolean same = names.size() <= key.flags().size()
                        && names.equals(key.flags().subList(0, names.size()))
                        && key.parseFlag(defaultText) == key.defaultValue();
                return same ? Optional.empty() : Optional.of(names + " should be " + key.flags() + " with default "
                        + key.defaultText() + ", not " + defaultText);
            }
        }
        if (names.contains(ALGORITHM.flag()) && !ALGORITHM.defaultText().equals(defaultText)) {
            return Optional.of(names + " should default to " + ALGORITHM.defaultText() + ", not " + defaultText);
        }
        return Optional.empty();
    }
}
