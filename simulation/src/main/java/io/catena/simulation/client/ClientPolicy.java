package io.catena.simulation.client;

/**
 * How a simulated client issues transactions: closed loop (one at a time, a think time after
 * each answer) or open loop (Poisson arrivals at a rate, however many are outstanding). A
 * request unanswered for {@code timeoutMicros} is sent again under the same request id.
 *
 * <p>A client that waits {@code giveUpMicros} for an answer stops waiting, as an application
 * does when the client library reports the outcome unknown: the history records the transaction
 * as {@code unknown} and the client goes on with its next one. It still resends the request and
 * listens for the answer, so that the run can tell an answer that came late from one that never
 * came (which counts as unanswered). A read-write transaction's outcome it looks up instead
 * ({@link SimClient}), as an application does with the client library's {@code Connection.outcome};
 * Catena and the baselines both answer outcome queries.
 *
 * @param giveUpMicros how long a client waits before it calls an outcome unknown (or looks it up);
 *                     {@link Long#MAX_VALUE}: for ever
 */
public record ClientPolicy(boolean openLoop, double ratePerSecond, long thinkMicros, long timeoutMicros,
                           long giveUpMicros) {

    public ClientPolicy {
        if (giveUpMicros <= 0) {
            throw new IllegalArgumentException("a client waits a positive time before it gives up, not "
                    + giveUpMicros + " µs");
        }
    }

    public static ClientPolicy closedLoop(long thinkMicros, long timeoutMicros) {
        return new ClientPolicy(false, 0, thinkMicros, timeoutMicros, Long.MAX_VALUE);
    }

    public static ClientPolicy openLoop(double ratePerSecond, long timeoutMicros) {
        return new ClientPolicy(true, ratePerSecond, 0, timeoutMicros, Long.MAX_VALUE);
    }

    /**
     * The same policy with clients that give up after {@code micros}, and then look a read-write
     * transaction's outcome up, or call a read-only one's unknown.
     */
    public ClientPolicy givingUpAfter(long micros) {
        return new ClientPolicy(openLoop, ratePerSecond, thinkMicros, timeoutMicros, micros);
    }
}
