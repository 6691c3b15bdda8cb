package io.catena.wire;

/**
 * Which of its region's processes a node process is, as its {@link Hello} claims and its
 * {@link Welcome} answers: the coordinator's (the region's endpoint for clients and peer regions,
 * with the resolver, and every chain server its configuration does not place in a process of its
 * own), or chain server {@code index}'s.
 *
 * @param kind  the coordinator's process or a chain server's
 * @param index the chain server's index in its region; 0 for the coordinator's process
 */
public record ProcessRole(Kind kind, int index) {

    /** What a process runs; the codes on the wire are fixed in the codec, so only append. */
    public enum Kind {
        COORDINATOR,
        CHAIN_SERVER
    }

    /** The coordinator's process: what every node process was before a region could span several. */
    public static final ProcessRole COORDINATOR = new ProcessRole(Kind.COORDINATOR, 0);

    public ProcessRole {
        if (kind == null) {
            throw new IllegalArgumentException("a process role names its kind");
        }
        if (index < 0 || kind == Kind.COORDINATOR && index != 0) {
            throw new IllegalArgumentException("no " + kind + " process has index " + index);
        }
    }

    /** Chain server {@code index}'s process. */
    public static ProcessRole chainServer(int index) {
        return new ProcessRole(Kind.CHAIN_SERVER, index);
    }

    public boolean isCoordinator() {
        return kind == Kind.COORDINATOR;
    }

    /** As sentences name it: "the coordinator" or "chain server 2". */
    @Override
    public String toString() {
        return isCoordinator() ? "the coordinator" : "chain server " + index;
    }
}
