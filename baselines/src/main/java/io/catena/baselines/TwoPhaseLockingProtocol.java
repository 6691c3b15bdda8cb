package io.catena.baselines;

/** Two-phase locking under Paxos Commit as a plug-in, named {@code 2pl}. */
public final class TwoPhaseLockingProtocol extends BaselineProtocol {

    public TwoPhaseLockingProtocol() {
        super("2pl", TwoPhaseLockingNode::new);
    }
}
