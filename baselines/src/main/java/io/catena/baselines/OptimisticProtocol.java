package io.catena.baselines;

/** Optimistic concurrency control under Paxos Commit as a plug-in ({@link Protocol#OPTIMISTIC}). */
public final class OptimisticProtocol extends BaselineProtocol {

    public OptimisticProtocol() {
        super(Protocol.OPTIMISTIC, OptimisticNode::new);
    }
}
