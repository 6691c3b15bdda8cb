package io.catena.mf;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.logkit.CommitRule;
import java.util.Map;

/**
 * Message Futures' commit rule (the dissertation's Definition 1 and Algorithm 2): a pending
 * transaction commits once every peer is known to have this region's log up to the last shipment
 * built before its request ({@code T[B][A] ≥ LPT} for every B), provided the versions it read are
 * still the region's. It is applied at the version of its finished record's timestamp, with its
 * origin: every dependency between committed transactions orders their finished records in the
 * log's happened-before order, so finished-record order is a serial order (PROTOCOL.md, "Message
 * Futures").
 *
 * <p>Why the last shipment is enough: every shipment this region builds after it carries the
 * transaction, so a peer's transaction requested after the peer acknowledged that shipment waits,
 * by the same rule, for a shipment that carries this one, and conflicts are found on one side or
 * the other.
 *
 * <p>Stateless; any thread.
 */
final class MessageFuturesRule implements CommitRule {

    @Override
    public String protocol() {
        return "Message Futures";
    }

    @Override
    public String table() {
        return "__mf_records";
    }

    @Override
    public Verdict judge(Candidate t, LogState state) {
        for (int peer : state.peers()) {
            if (state.knownBy(peer, state.self()) < t.shippedBefore()) {
                return Verdict.WAIT;
            }
        }
        for (Map.Entry<ChainKey, Version> read : t.observed().entrySet()) {
            if (!state.applied(read.getKey()).equals(read.getValue())) {
                return Verdict.ABORT;
            }
        }
        return Verdict.COMMIT;
    }

    @Override
    public Version version(int origin, long pendingAt, long finishedAt) {
        return Version.of(finishedAt, origin);
    }

    /** Its finished record comes later, stamped above everything the region knows then: no bound below. */
    @Override
    public long versionAtLeast(long pendingAt) {
        return Long.MAX_VALUE;
    }
}
