package io.catena.lab.report;

/**
 * One point of a latency distribution function: the share of transactions that committed within
 * {@code millis}.
 *
 * @param millis   a commit latency in milliseconds
 * @param fraction the share of transactions at or below it, from 0 to 1
 */
public record CdfPoint(double millis, double fraction) {

    public CdfPoint {
        if (!(millis >= 0) || Double.isInfinite(millis)) {
            throw new IllegalArgumentException("latency must be a non-negative number of ms, was " + millis);
        }
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("a cumulative fraction lies in [0, 1], was " + fraction);
        }
    }
}
