package io.catena.coordinator.commit;

import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.PeerVersion;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import java.util.BitSet;
import java.util.List;

/** What the coordinator tracks of one scheduled transaction until it is applied everywhere in the region. */
final class TxnRecord {

    final TxnId id;
    final RequestId request;
    final TxnSpec spec;
    final TxnPlan plan;
    final boolean conflicting;
    /** Chain servers of the region that hold its keys. */
    final BitSet servers;
    final BitSet finalizedAt = new BitSet();
    Version version;
    List<PeerVersion> peers = List.of();
    TxnResult result;
    long decidedAtMicros = -1;
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
        return version != null;
    }

    boolean finalized() {
        return finalizedAt.equals(servers);
    }
}
