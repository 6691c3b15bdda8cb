package io.catena.baselines;

/** Two-phase locking under Paxos Commit as a plug-in ({@link Protocol#TWO_PHASE_LOCKING}). */
public final class TwoPhaseLockingProtocol extends BaselineProtocol {

    public TwoPhaseLockingProtocol() {
        super(Protocol.TWO_PHASE_LOCKING, TwoPhaseLockingNode::new);
    }
}
