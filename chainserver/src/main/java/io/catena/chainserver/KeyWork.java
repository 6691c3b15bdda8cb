package io.catena.chainserver;

import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.CommitPass;
import io.catena.core.id.TxnId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The work pending on one chain key: its footprints by transaction, the temporary versions of
 * speculation, and the passes, reads and finalizations waiting there. A {@link KeyState} makes one
 * on first use and lets it go once it is empty again: most keys a chain server holds are idle, and
 * these collections (and the tables they keep after use) would otherwise be most of an idle
 * key's heap. Owned by the chain server's thread.
 */
final class KeyWork {

    final Map<TxnId, FootprintEntry> footprints = new HashMap<>();
    final List<SpecWrite> specStack = new ArrayList<>();
    final LinkedHashMap<TxnId, BackwardPass> backwardWaiting = new LinkedHashMap<>();
    final LinkedHashMap<TxnId, CommitPass> commitWaiting = new LinkedHashMap<>();
    final List<Long> snapshotWaiting = new ArrayList<>();
    /** Transactions whose finalization waits here for an earlier writer to be applied first. */
    final LinkedHashSet<TxnId> finalizeWaiting = new LinkedHashSet<>();
    /**
     * Applies behind the one storage has not acknowledged yet, in version order ({@link Finalization});
     * null until one waits, which few keys ever see.
     */
    ArrayDeque<Finalization.PendingApply> appliesBehind;

    boolean isEmpty() {
        return footprints.isEmpty() && specStack.isEmpty() && backwardWaiting.isEmpty() && commitWaiting.isEmpty()
                && snapshotWaiting.isEmpty() && finalizeWaiting.isEmpty()
                && (appliesBehind == null || appliesBehind.isEmpty());
    }
}
