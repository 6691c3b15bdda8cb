package io.catena.baselines;

import io.catena.core.protocol.ProtocolPlugin;
import java.util.Arrays;
import java.util.Locale;
import java.util.ServiceLoader;
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

    /**
     * The protocol's plug-in, found on the class path by its name: each protocol's module
     * registers its own, so adding a protocol touches no host.
     */
    public ProtocolPlugin plugin() {
        for (ProtocolPlugin p : ServiceLoader.load(ProtocolPlugin.class, Protocol.class.getClassLoader())) {
            if (p.name().equals(flag)) {
                return p;
            }
        }
        throw new IllegalStateException("protocol " + flag + " has no plug-in on the class path; "
                + "its module (catena-catenae for catena, catena-baselines for 2pl and occ) must ship with the host");
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
