package io.catena.chainserver;

import io.catena.core.data.Version;

/**
 * The decision period (Catenae §VI-E, §VI-F): a writer that is scheduled but not yet decided may
 * still land anywhere in its epoch, so from the moment its epoch is scheduled it holds a key's
 * readable versions below that epoch; once decided, below its version; once finalized, not at all.
 * The newest version below every such bound is the key's <em>stable version</em>: read-only
 * snapshots read there, locally, without waiting for any other region.
 */
final class DecisionPeriod {

    private DecisionPeriod() {
    }

    /**
     * The newest version at which the key has no unfinished writer here, no newer than the end of
     * the last epoch whose footprints are laid ({@code footprintsThrough}).
     */
    static Version stableVersion(KeyState ks, long footprintsThrough) {
        Version limit = Version.endOf(footprintsThrough);
        for (int i = 0; i < ks.epochs.size(); i++) {
            for (FootprintEntry e : ks.epochs.at(i).entries) {
                if (!e.access.writes() || e.finalized()) {
                    continue;
                }
                Version v = e.owner.version;
                limit = Version.min(limit, v != null ? v.predecessor() : Version.beforeEpoch(e.epoch()));
            }
        }
        return limit;
    }
}
