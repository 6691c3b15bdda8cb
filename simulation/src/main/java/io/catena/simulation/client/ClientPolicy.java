package io.catena.simulation.client;

/**
 * How a simulated client issues transactions: closed loop (one at a time, a think time after
 * each answer) or open loop (Poisson arrivals at a rate, however many are outstanding). A
 * request unanswered for {@code timeoutMicros} is sent again under the same request id.
 */
public record ClientPolicy(boolean openLoop, double ratePerSecond, long thinkMicros, long timeoutMicros) {

    public static ClientPolicy closedLoop(long thinkMicros, long timeoutMicros) {
        return new ClientPolicy(false, 0, thinkMicros, timeoutMicros);
    }

    public static ClientPolicy openLoop(double ratePerSecond, long timeoutMicros) {
        return new ClientPolicy(true, ratePerSecond, 0, timeoutMicros);
    }
}
