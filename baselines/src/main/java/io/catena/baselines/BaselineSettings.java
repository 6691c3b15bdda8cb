package io.catena.baselines;

/**
 * How the baselines behave where the paper leaves a choice.
 *
 * @param lockWaitMicros     2PL: an attempt that holds no majority of grants this long after it
 *                           asked gives up and the transaction aborts (the paper's lock timeout)
 * @param validationRetries  OCC: how many times a transaction that failed validation runs again
 *                           before its abort reaches the client (the paper retries once)
 * @param answersKept        how many answers a region keeps to repeat to clients that retry or look
 *                           the outcome up, together with the cancellations its lookups made: the
 *                           window within which a request runs at most once
 */
public record BaselineSettings(long lockWaitMicros, int validationRetries, int answersKept) {

    public BaselineSettings {
        if (lockWaitMicros <= 0 || validationRetries < 0 || answersKept <= 0) {
            throw new IllegalArgumentException("baseline settings must be positive: " + lockWaitMicros + ", "
                    + validationRetries + ", " + answersKept);
        }
    }

    /** A 2 s lock wait, one validation retry, 100,000 answers and cancellations. */
    public static BaselineSettings defaults() {
        return new BaselineSettings(2_000_000, 1, 100_000);
    }
}
