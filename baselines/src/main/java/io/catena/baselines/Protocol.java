package io.catena.baselines;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which protocol a cluster runs: Catena, or one of the comparison protocols of the paper's
 * evaluation (§VII-A), each Paxos Commit across regions over a concurrency control inside them.
 * Every workload runs on every protocol through the same client library, transport and stores.
 */
public enum Protocol {
    /** Catena: epochs, transaction chains, local read-only transactions. */
    CATENA("catena"),
    /** Two-phase locking: locks granted by a majority of regions, wound-wait, commit by majority. */
    TWO_PHASE_LOCKING("2pl"),
    /** Optimistic: execute at home, validate the versions read at a majority, commit by majority. */
    OPTIMISTIC("occ");

    private final String flag;

    Protocol(String flag) {
        this.flag = flag;
    }

    /** The name on the command line: {@code catena}, {@code 2pl} or {@code occ}. */
    public String flag() {
        return flag;
    }

    public boolean isBaseline() {
        return this != CATENA;
    }

    /** The protocol named {@code name} (any case). */
    public static Protocol parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (Protocol p : values()) {
            if (p.flag.equals(n)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown protocol '" + name + "'; expected one of "
                + Arrays.stream(values()).map(Protocol::flag).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return flag;
    }
}
