package io.catena.coordinator.commit;

import io.catena.catenae.message.PeerVersion;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnSpec;
import java.util.BitSet;
import java.util.List;

/** What the coordinator tracks of one scheduled transaction until it is applied everywhere in the region. */
final class TxnRecord {

    /**
     * How far the decision and the answer have got. Normally a transaction is decided, driven, then
     * computed; but after a restart a commit pass the previous incarnation drove may report before
     * this one has decided again, so "answered" can come first and the decision still follows.
     * Being applied everywhere is not a phase: it is {@link #finalizedAt} covering {@link #servers}.
     */
    enum Phase {
        /** Scheduled, its version not decided yet. */
        SCHEDULED,
        /** A result came back before it was decided (from a commit pass of a previous incarnation). */
        ANSWERED_UNDECIDED,
        /** Decided at {@link #version} and driven through the chain servers. */
        DECIDED,
        /** Decided, and its client has been answered. */
        ANSWERED;

        boolean decided() {
            return this == DECIDED || this == ANSWERED;
        }

        boolean answered() {
            return this == ANSWERED || this == ANSWERED_UNDECIDED;
        }
    }

    final TxnId id;
    final RequestId request;
    final TxnSpec spec;
    final TxnPlan plan;
    final boolean conflicting;
    /** Chain servers of the region that hold its keys. */
    final BitSet servers;
    final BitSet finalizedAt = new BitSet();
    Phase phase = Phase.SCHEDULED;
    /** Its decided version, once {@link Phase#decided()}. */
    Version version;
    List<PeerVersion> peers = List.of();
    long lastDrivenMicros;
    /** Times the commit pass was sent again for want of progress: each doubles the next wait. */
    int redrives;

    TxnRecord(TxnId id, RequestId request, TxnSpec spec, TxnPlan plan, boolean conflicting, BitSet servers) {
        this.id = id;
        this.request = request;
        this.spec = spec;
        this.plan = plan;
        this.conflicting = conflicting;
        this.servers = servers;
    }

    boolean decided() {
        return phase.decided();
    }

    void decide(Version decidedVersion, List<PeerVersion> decidedPeers) {
        version = decidedVersion;
        peers = decidedPeers;
        phase = phase == Phase.ANSWERED_UNDECIDED ? Phase.ANSWERED : Phase.DECIDED;
    }

    boolean answered() {
        return phase.answered();
    }

    void answer() {
        phase = phase == Phase.SCHEDULED ? Phase.ANSWERED_UNDECIDED : Phase.ANSWERED;
    }

    boolean finalized() {
        return finalizedAt.equals(servers);
    }
}
