package io.catena.server.region;

/**
 * A region process that cannot start, with one sentence saying why and what to change: a
 * configuration without a genesis, a journal that cannot be opened, a port that is taken, TLS
 * files that do not load. Retrying without changing something does not help.
 */
public final class RegionStartException extends Exception {

    public RegionStartException(String message) {
        super(message);
    }

    public RegionStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
