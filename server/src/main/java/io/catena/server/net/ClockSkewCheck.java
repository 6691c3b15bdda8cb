package io.catena.server.net;

import io.catena.core.config.ClusterConfig;
import io.catena.server.host.MicrosClock;
import io.catena.wire.Hello;
import io.catena.wire.WireProtocol;
import java.math.BigDecimal;
import java.util.function.LongSupplier;

/**
 * Whether a peer region's clock runs provably too far ahead of this process's, judged from the
 * cluster clock reading in the peer's {@link Hello}.
 *
 * <p>The Hello took some time, never less than zero, to arrive, and a process's clock never runs
 * backwards, so {@code hello.clockMicros - localNow} is a lower bound of how far the peer's clock
 * runs ahead of this one: the check never refuses a pair whose clocks are within the bound,
 * whatever the network delay. It cannot prove a peer behind; that peer dials this region too, and
 * refuses it there. Hellos carry the cluster clock, which epoch offsets leave alone (a region's
 * nodes read it that offset ahead, {@code ClusterIdentity}), so offsets are never taken for skew.
 *
 * <p>The bound is half the cluster's delay tolerance ({@link #toleratedMicros}), derived rather
 * than set, so that every region computes the same one from the settings it already shares (the
 * delay tolerance is part of the cluster fingerprint). Skew adds to the latency of every commit,
 * since an epoch is scheduled once the slowest clock has closed it; in majority mode a region
 * whose records arrive later than the delay tolerance risks having them abandoned. Half leaves
 * the other half for the one-way delay. PROTOCOL.md (Failures: clocks that disagree) has the
 * whole argument.
 *
 * <p>Immutable; any thread.
 */
public final class ClockSkewCheck {

    private final LongSupplier clusterClockMicros;
    private final long toleratedMicros;

    /**
     * @param clusterClockMicros this process's cluster clock: microseconds since genesis, negative
     *                           before it, as peers send it in their Hellos
     * @param toleratedMicros    how far ahead of it a peer's clock may be shown to run
     */
    public ClockSkewCheck(LongSupplier clusterClockMicros, long toleratedMicros) {
        if (toleratedMicros < 0) {
            throw new IllegalArgumentException("the tolerated clock skew must not be negative, not "
                    + toleratedMicros + " us");
        }
        this.clusterClockMicros = clusterClockMicros;
        this.toleratedMicros = toleratedMicros;
    }

    /** The check of a region process whose cluster clock is {@code clock}, with the cluster's bound. */
    public static ClockSkewCheck of(ClusterConfig config, MicrosClock clock) {
        return new ClockSkewCheck(clock::signedNowMicros, toleratedMicros(config));
    }

    /** Half the delay tolerance: the rest is left for the one-way delay between two regions. */
    public static long toleratedMicros(ClusterConfig config) {
        return config.delayToleranceMicros() / 2;
    }

    public long toleratedMicros() {
        return toleratedMicros;
    }

    /** This process's cluster clock, as a Welcome tells it to clients. */
    long nowMicros() {
        return clusterClockMicros.getAsLong();
    }

    /**
     * Why region {@code hello.region()} is refused for its clock, in one sentence, or null if it is
     * not; {@code localRegion} names this process's region.
     */
    String refusal(String localRegion, Hello hello) {
        if (hello.clockMicros().isEmpty()) {
            return "region " + hello.region() + " sent no clock reading in its Hello, which every region process of "
                    + "wire protocol version " + WireProtocol.VERSION + " sends; check what connects as that region";
        }
        long aheadMicros = difference(hello.clockMicros().getAsLong(), clusterClockMicros.getAsLong());
        if (aheadMicros <= toleratedMicros) {
            return null;
        }
        // Both ends read this: the refused region gets it as its Refusal, this one logs it. Which
        // clock is wrong only the operator can tell, so the sentence names the pair.
        return "the clocks of regions " + localRegion + " and " + hello.region() + " differ by at least "
                + duration(aheadMicros) + " (" + hello.region() + "'s is ahead), more than the "
                + duration(toleratedMicros) + " this cluster tolerates; synchronise them with NTP, give both the same "
                + "genesis, and restart the region that was off";
    }

    /** {@code peer - local}, pinned to the ends of long rather than wrapping around on a wild reading. */
    private static long difference(long peerMicros, long localMicros) {
        try {
            return Math.subtractExact(peerMicros, localMicros);
        } catch (ArithmeticException overflow) {
            return peerMicros > localMicros ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
    }

    /** Below a second to the microsecond, in ms; from a second on, in s to the millisecond, rounded down. */
    private static String duration(long micros) {
        if (micros < 1_000_000) {
            return BigDecimal.valueOf(micros, 3).stripTrailingZeros().toPlainString() + " ms";
        }
        return BigDecimal.valueOf(micros / 1_000, 3).stripTrailingZeros().toPlainString() + " s";
    }
}
