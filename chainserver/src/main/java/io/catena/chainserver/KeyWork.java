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

    // Sized for the few transactions a key has pending at once, not the default tables of 16
    // entries made on first use: a key gets a new one of these whenever it becomes busy again.
    final Map<TxnId, FootprintEntry> footprints = new HashMap<>(4);
    final List<SpecWrite> specStack = new ArrayList<>(2);
    final LinkedHashMap<TxnId, BackwardPass> backwardWaiting = new LinkedHashMap<>(4);
    final LinkedHashMap<TxnId, CommitPass> commitWaiting = new LinkedHashMap<>(4);
    final List<Long> snapshotWaiting = new ArrayList<>();
    /** Transactions whose finalization waits here for an earlier writer to be applied first. */
    final LinkedHashSet<TxnId> finalizeWaiting = new LinkedHashSet<>(4);
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
