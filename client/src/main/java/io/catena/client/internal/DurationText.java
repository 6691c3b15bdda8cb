package io.catena.client.internal;

import java.time.Duration;

/** Durations as the connection URL writes them, for URLs and for messages alike. */
public final class DurationText {

    private DurationText() {
    }

    /**
     * A duration in the largest of the units m, s and ms that keeps it whole, e.g. {@code 5s}.
     *
     * @param d a duration of whole milliseconds
     * @return its text
     */
    public static String format(Duration d) {
        long millis = d.toMillis();
        if (millis != 0 && millis % 60_000 == 0) {
            return millis / 60_000 + "m";
        }
        return millis != 0 && millis % 1_000 == 0 ? millis / 1_000 + "s" : millis + "ms";
    }
}
