package io.catena.server.host;

/**
 * The real clock protocol nodes read, in microseconds, never going backwards within a process.
 * It is anchored to the wall clock once and then advanced by the monotonic clock, so an NTP step
 * during a run cannot make a node see time run backwards, while processes on synchronized
 * machines still agree on epochs to within their clock skew.
 *
 * <p>{@link #system()} counts from the Unix epoch. Protocol nodes read {@link #since} the
 * cluster's genesis instead: the protocol numbers epochs from time zero, so every region must
 * count from the same instant, and a clock read before genesis stays at zero.
 */
public final class MicrosClock {

    private static final MicrosClock SYSTEM = new MicrosClock();

    private final long anchorWallMicros;
    private final long anchorNanos;
    private final long originMicros;

    private MicrosClock() {
        java.time.Instant now = java.time.Instant.now();
        this.anchorNanos = System.nanoTime();
        this.anchorWallMicros = now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
        this.originMicros = 0;
    }

    private MicrosClock(MicrosClock anchor, long originMicros) {
        this.anchorWallMicros = anchor.anchorWallMicros;
        this.anchorNanos = anchor.anchorNanos;
        this.originMicros = originMicros;
    }

    /** Microseconds since the Unix epoch. */
    public static MicrosClock system() {
        return SYSTEM;
    }

    /** The same clock counting from {@code originMicros} (a {@link #system()} reading). */
    public MicrosClock since(long originMicros) {
        return new MicrosClock(this, this.originMicros + originMicros);
    }

    public long nowMicros() {
        return Math.max(0, signedNowMicros());
    }

    /**
     * Microseconds since the origin, negative before it. Protocol nodes never see a negative
     * time; regions comparing their clocks need the sign, since they connect before genesis,
     * when {@link #nowMicros} reads zero everywhere.
     */
    public long signedNowMicros() {
        return anchorWallMicros + (System.nanoTime() - anchorNanos) / 1_000 - originMicros;
    }
}
