package io.catena.simulation.fault;

/** Something that goes wrong at a time and, after a while, heals. */
public sealed interface Fault permits Fault.Partition, Fault.Pause, Fault.LossBurst, Fault.CrashChainServer,
        Fault.CrashCoordinator, Fault.StorageOutage, Fault.FlakyStore, Fault.OwnershipChange, Fault.Takeover,
        Fault.LateCopies {

    long atMicros();

    long durationMicros();

    default long healedAtMicros() {
        return atMicros() + durationMicros();
    }

    /** The region is cut off from every other region. */
    record Partition(int region, long atMicros, long durationMicros) implements Fault {
    }

    /** Every node of the region stops (a VM freeze, a long GC): messages wait, nothing is lost. */
    record Pause(int region, long atMicros, long durationMicros) implements Fault {
    }

    /** Inter-region links lose this share of messages. */
    record LossBurst(double loss, long atMicros, long durationMicros) implements Fault {
    }

    /** A chain server crashes (memory lost, storage kept) and restarts. */
    record CrashChainServer(int region, int server, long atMicros, long durationMicros) implements Fault {
    }

    /** The region's store fails every call (its server is down) and comes back with its data. */
    record StorageOutage(int region, long atMicros, long durationMicros) implements Fault {
    }

    /**
     * Each call to the region's store fails with probability {@code failShare}, one call at a
     * time: half of the failed calls never reach the store, the other half change it and lose
     * their answer (a timeout after the write). Calls before and after a failed one, on the same
     * key too, succeed as usual, as on a real store under load.
     */
    record FlakyStore(int region, long atMicros, long durationMicros, double failShare) implements Fault {
    }

    /**
     * Every transaction the region's clients send in the fault's duration also reaches the
     * coordinator a second time, {@code holdMicros} later: a copy that waited on its way (in a
     * socket buffer, or behind a coordinator catching up after a stall) while the request's first
     * copy ran and left the dedup window. It heals when the last late copy has arrived.
     */
    record LateCopies(int region, long atMicros, long durationMicros, long holdMicros) implements Fault {

        @Override
        public long healedAtMicros() {
            return atMicros + durationMicros + holdMicros;
        }
    }

    /** A coordinator crashes and a replacement rebuilds from the log. */
    record CrashCoordinator(int region, long atMicros, long durationMicros) implements Fault {
    }

    /**
     * The coordinator freezes for the fault's duration (a long GC pause), and halfway through a
     * standby takes over in a new leader term; the old leader then wakes up and carries on until
     * its first write is fenced.
     */
    record Takeover(int region, long atMicros, long durationMicros) implements Fault {

        public long successorAtMicros() {
            return atMicros + durationMicros / 2;
        }
    }

    /**
     * The region's host asks its coordinator for a new ownership map: a chain server joins (a new
     * one, beyond the configured count, takes some ranges), leaves (its ranges go to the others;
     * it idles) or ranges move between chain servers. Nothing heals: the map stays. {@code pick}
     * draws which server and which ranges, against the map as it is when the change comes.
     */
    record OwnershipChange(Kind kind, int region, long pick, long atMicros) implements Fault {

        public enum Kind { JOIN, LEAVE, MOVE }

        @Override
        public long durationMicros() {
            return 0;
        }
    }
}
