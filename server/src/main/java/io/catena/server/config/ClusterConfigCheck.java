package io.catena.server.config;

import io.catena.core.config.ClusterConfig;
import io.catena.core.config.keys.Complaint;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import io.catena.core.config.keys.SettingUnit;
import java.util.List;
import java.util.Optional;

/**
 * Validates the protocol settings with the core's own rules ({@link ClusterConfig.Builder#complaints()}),
 * so that they live in one place, and reports each complaint at the key it names, with its numbers
 * in the key's unit: the core's {@code epochLengthMicros must be at least 100, not 50} becomes
 * {@code protocol.epochLength: must be at least 100us, not 50us}. A complaint about no single key
 * is reported at {@code protocol}, one about a region's epoch offset at {@code regions[i].epochOffset}.
 */
final class ClusterConfigCheck {

    private ClusterConfigCheck() {
    }

    /**
     * The core configuration, or nothing when the settings break one of its rules.
     *
     * @param epochOffsetsMicros each region's {@code epochOffset}, in region order
     */
    static Optional<ClusterConfig> build(List<String> regions, ProtocolSettings protocol, List<Long> epochOffsetsMicros,
                                         ConfigProblems problems) {
        long faultTolerance = protocol.get(ProtocolKeys.FAULT_TOLERANCE);
        if (!protocol.algorithm().plugin().capabilities().faultTolerant() && faultTolerance > 0) {
            // The baselines wait for every region's acknowledgement before they forget a commit,
            // Helios for every region's log before it commits.
            problems.add(path(ProtocolKeys.FAULT_TOLERANCE), protocol.algorithm() + " handles no region failure "
                    + "(docs/PROTOCOL.md), so it must be 0, not " + faultTolerance);
            return Optional.empty();
        }
        long voteWindow = protocol.get(ProtocolKeys.VOTE_WINDOW_EPOCHS);
        if (voteWindow < 0) {
            problems.add(path(ProtocolKeys.VOTE_WINDOW_EPOCHS), "must be a positive number of epochs, or "
                    + SettingUnit.EPOCHS_OR_AUTO.format(SettingUnit.AUTO) + ", not " + voteWindow);
            return Optional.empty();
        }
        ClusterConfig.Builder core = protocol.toCoreBuilder(regions).epochOffsetsMicros(epochOffsetsMicros);
        List<Complaint> complaints = core.complaints();
        for (Complaint complaint : complaints) {
            problems.add(path(complaint), complaint.text(true) + hint(complaint));
        }
        return complaints.isEmpty() ? Optional.of(core.build()) : Optional.empty();
    }

    private static String path(SettingKey key) {
        return "protocol." + key.name();
    }

    /** Where a complaint points in a file: its protocol key, a region's epoch offset, or the section. */
    private static String path(Complaint complaint) {
        if (complaint.epochOffset().isPresent()) {
            return "regions[" + complaint.epochOffset().getAsInt() + "]." + ProtocolKeys.EPOCH_OFFSET.name();
        }
        return complaint.key().map(ClusterConfigCheck::path).orElse("protocol");
    }

    private static String hint(Complaint complaint) {
        return complaint.key().filter(ProtocolKeys.FAULT_TOLERANCE::equals).isPresent()
                ? ", so that the regions that go on remain a majority" : "";
    }
}
