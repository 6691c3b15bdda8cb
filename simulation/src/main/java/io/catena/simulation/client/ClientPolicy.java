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
 * came (which counts as unanswered). With {@code lookUpOutcomes} it looks a read-write
 * transaction's outcome up instead ({@link SimClient}), as an application does with the client
 * library's {@code Connection.outcome}; only protocols that answer outcome queries (Catena) can.
 *
 * @param giveUpMicros   how long a client waits before it calls an outcome unknown; {@link Long#MAX_VALUE}: for ever
 * @param lookUpOutcomes whether a client that gave up on a read-write transaction looks its outcome up
 */
public record ClientPolicy(boolean openLoop, double ratePerSecond, long thinkMicros, long timeoutMicros,
                           long giveUpMicros, boolean lookUpOutcomes) {

    public ClientPolicy {
        if (giveUpMicros <= 0) {
            throw new IllegalArgumentException("a client waits a positive time before it gives up, not "
                    + giveUpMicros + " µs");
        }
    }

    public static ClientPolicy closedLoop(long thinkMicros, long timeoutMicros) {
        return new ClientPolicy(false, 0, thinkMicros, timeoutMicros, Long.MAX_VALUE, false);
    }

    public static ClientPolicy openLoop(double ratePerSecond, long timeoutMicros) {
        return new ClientPolicy(true, ratePerSecond, 0, timeoutMicros, Long.MAX_VALUE, false);
    }

    /**
     * The same policy with clients that give up after {@code micros}, and then look a read-write
     * transaction's outcome up if {@code lookUp}, or else call it unknown.
     */
    public ClientPolicy givingUpAfter(long micros, boolean lookUp) {
        return new ClientPolicy(openLoop, ratePerSecond, thinkMicros, timeoutMicros, micros, lookUp);
    }
}
