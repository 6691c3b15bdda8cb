package io.catena.logkit;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import java.util.Map;

/** A pending transaction as a commit rule sees it, fixed, for the rules' tests. */
public record FixedCandidate(long pendingAt, long shippedBefore, Map<ChainKey, Version> observed)
        implements CommitRule.Candidate {
}
