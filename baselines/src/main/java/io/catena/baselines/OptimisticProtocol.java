package io.catena.baselines;

/** Optimistic concurrency control under Paxos Commit as a plug-in, named {@code occ}. */
public final class OptimisticProtocol extends BaselineProtocol {

    public OptimisticProtocol() {
        super("occ", OptimisticNode::new);
    }
}
