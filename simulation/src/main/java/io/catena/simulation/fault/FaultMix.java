package io.catena.simulation.fault;

import io.catena.harness.SeededRandom;
import java.util.ArrayList;
import java.util.List;

/**
 * Named fault schedules, drawn from the seed: {@code none}, one kind ({@code partition},
 * {@code pause}, {@code loss}, {@code crash-cs}, {@code crash-coord}, {@code storage},
 * {@code flaky-store}, {@code join}, {@code leave}, {@code move}, {@code takeover}), {@code ownership} (one to three joins, leaves or moves), or
 * {@code mixed} (one to three faults of the node and network kinds, in half the seeds one
 * ownership change, and in a quarter a takeover), or {@code late-copies} (copies of a region's
 * transactions arriving again after the dedup window). Faults start during the load phase and heal
 * before it ends, except late copies, which arrive well after it; ownership changes stay.
 */
public enum FaultMix {
    NONE("none"),
    PARTITION("partition"),
    PAUSE("pause"),
    LOSS("loss"),
    CRASH_CHAIN_SERVER("crash-cs"),
    CRASH_COORDINATOR("crash-coord"),
    MIXED("mixed"),
    STORAGE("storage"),
    FLAKY_STORE("flaky-store"),
    JOIN("join"),
    LEAVE("leave"),
    MOVE("move"),
    OWNERSHIP("ownership"),
    TAKEOVER("takeover"),
    LATE_COPIES("late-copies");

    /** What {@code mixed} draws from; storage outages stay out so that its schedules keep their seeds. */
    private static final FaultMix[] MIXED_KINDS = {PARTITION, PAUSE, LOSS, CRASH_CHAIN_SERVER, CRASH_COORDINATOR};
    private static final FaultMix[] OWNERSHIP_KINDS = {JOIN, LEAVE, MOVE};

    private final String label;

    FaultMix(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static FaultMix parse(String s) {
        for (FaultMix m : values()) {
            if (m.label.equals(s)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown fault mix '" + s
                + "'; use none, partition, pause, loss, crash-cs, crash-coord, join, leave, move, ownership, takeover,"
                + " mixed, storage, flaky-store or late-copies");
    }

    /**
     * @param dedupWindowMicros how long a region recognises a request it ran: late copies arrive a
     *                          second after it
     */
    public List<Fault> draw(SeededRandom random, int regions, int chainServers, long loadMicros,
                            long dedupWindowMicros) {
        List<Fault> faults = new ArrayList<>();
        if (this == NONE) {
            return faults;
        }
        FaultMix[] kinds = this == MIXED ? MIXED_KINDS : this == OWNERSHIP ? OWNERSHIP_KINDS : null;
        int count = kinds != null ? 1 + random.nextInt(3) : 1;
        for (int i = 0; i < count; i++) {
            FaultMix kind = kinds != null ? kinds[random.nextInt(kinds.length)] : this;
            faults.add(drawOne(kind, random, regions, chainServers, loadMicros, dedupWindowMicros));
        }
        if (this == MIXED) {
            // From streams of their own, so that a seed keeps the node and network faults it always had.
            SeededRandom own = random.fork("ownership");
            if (own.nextBoolean()) {
                faults.add(drawOne(OWNERSHIP_KINDS[own.nextInt(OWNERSHIP_KINDS.length)], own, regions, chainServers,
                        loadMicros, dedupWindowMicros));
            }
            SeededRandom takeover = random.fork("takeover");
            if (takeover.nextInt(4) == 0) {
                faults.add(drawOne(TAKEOVER, takeover, regions, chainServers, loadMicros, dedupWindowMicros));
            }
        }
        return faults;
    }

    private static Fault drawOne(FaultMix kind, SeededRandom random, int regions, int chainServers, long loadMicros,
                                 long dedupWindowMicros) {
        long at = loadMicros / 10 + random.nextLong(Math.max(1, loadMicros / 2));
        long duration = 100_000 + random.nextLong(Math.max(1, Math.min(1_500_000, loadMicros / 3)));
        int region = random.nextInt(regions);
        return switch (kind) {
            case PARTITION -> new Fault.Partition(region, at, duration);
            case PAUSE -> new Fault.Pause(region, at, duration);
            case LOSS -> new Fault.LossBurst(0.3 + 0.6 * random.nextDouble(), at, duration);
            case CRASH_CHAIN_SERVER -> new Fault.CrashChainServer(region, random.nextInt(chainServers), at, duration);
            case CRASH_COORDINATOR -> new Fault.CrashCoordinator(region, at, duration);
            case TAKEOVER -> new Fault.Takeover(region, at, duration);
            case LATE_COPIES -> new Fault.LateCopies(region, at, duration, dedupWindowMicros + 1_000_000);
            // Store outages last longer than node faults: a restarting store server takes seconds.
            case STORAGE -> new Fault.StorageOutage(region, at,
                    100_000 + random.nextLong(Math.max(1, Math.min(15_000_000, loadMicros / 2))));
            case FLAKY_STORE -> new Fault.FlakyStore(region, at,
                    100_000 + random.nextLong(Math.max(1, Math.min(15_000_000, loadMicros / 2))),
                    0.1 + 0.3 * random.nextDouble());
            case JOIN -> new Fault.OwnershipChange(Fault.OwnershipChange.Kind.JOIN, region, random.nextLong(Long.MAX_VALUE), at);
            case LEAVE -> new Fault.OwnershipChange(Fault.OwnershipChange.Kind.LEAVE, region, random.nextLong(Long.MAX_VALUE), at);
            case MOVE -> new Fault.OwnershipChange(Fault.OwnershipChange.Kind.MOVE, region, random.nextLong(Long.MAX_VALUE), at);
            default -> throw new IllegalStateException("not a single fault kind: " + kind);
        };
    }
}
