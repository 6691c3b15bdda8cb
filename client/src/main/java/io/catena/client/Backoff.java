package io.catena.client;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Exponential backoff with jitter: the n-th wait is drawn uniformly from {@code [c/2, c]} where
 * {@code c = min(max, initial * 2^(n-1))}. The random half keeps many clients that failed together
 * from retrying together; the fixed half keeps the wait growing.
 *
 * @param initial the ceiling of the first wait; longer than zero
 * @param max     the largest ceiling; at least {@code initial}
 */
public record Backoff(Duration initial, Duration max) {

    /** Checks that the waits are positive and ordered. */
    public Backoff {
        if (initial == null || max == null || initial.isNegative() || initial.isZero()) {
            throw new IllegalArgumentException("a backoff starts with a wait longer than zero");
        }
        if (max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("a backoff's largest wait " + max + " is shorter than its first " + initial);
        }
    }

    /**
     * The wait before attempt {@code failures + 1}.
     *
     * @param failures how many attempts have failed so far, at least 1
     * @param random   the source of jitter
     * @return the wait, in nanoseconds
     */
    public long delayNanos(int failures, RandomGenerator random) {
        if (failures < 1) {
            throw new IllegalArgumentException("a backoff follows at least one failure, not " + failures);
        }
        long ceiling = initial.toNanos();
        long maxNanos = max.toNanos();
        for (int i = 1; i < failures && ceiling < maxNanos; i++) {
            ceiling = ceiling > maxNanos / 2 ? maxNanos : ceiling * 2;
        }
        ceiling = Math.min(ceiling, maxNanos);
        long floor = ceiling / 2;
        return floor + random.nextLong(ceiling - floor + 1);
    }
}
