package io.catena.coordinator.rlog;

/**
 * A delay learnt from samples with TCP's estimator (RFC 6298: a smoothed mean and mean deviation,
 * gains 1/8 and 1/4), and the wait it suggests: the mean plus four deviations, never below a
 * configured floor and never above {@link #MAX_FACTOR} times it. Before the first sample the wait
 * is the floor. Integer arithmetic on the caller's samples: deterministic.
 */
final class DelayEstimate {

    /** The wait is at most this many times the floor. */
    static final int MAX_FACTOR = 8;

    private final long floorMicros;
    private long smoothedMicros = -1;
    private long deviationMicros;

    DelayEstimate(long floorMicros) {
        this.floorMicros = floorMicros;
    }

    void observe(long sampleMicros) {
        long sample = Math.max(0, sampleMicros);
        if (smoothedMicros < 0) {
            smoothedMicros = sample;
            deviationMicros = sample / 2;
        } else {
            deviationMicros = (3 * deviationMicros + Math.abs(smoothedMicros - sample)) / 4;
            smoothedMicros = (7 * smoothedMicros + sample) / 8;
        }
    }

    long waitMicros() {
        if (smoothedMicros < 0) {
            return floorMicros;
        }
        return Math.min(floorMicros * MAX_FACTOR, Math.max(floorMicros, smoothedMicros + 4 * deviationMicros));
    }
}
