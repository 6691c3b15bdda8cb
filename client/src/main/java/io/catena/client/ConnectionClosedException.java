package io.catena.client;

/**
 * The connection was closed, by {@link Connection#close()} or because its first connect failed,
 * before this request could be sent; the request did not run.
 *
 * <p>Not retryable on this connection: it stays closed. Open a new connection to go on.
 */
public final class ConnectionClosedException extends CatenaException {

    /** @param region the region of the closed connection */
    public ConnectionClosedException(String region) {
        super("The connection to region " + region + " is closed, so the request did not run; open a new "
                + "connection to go on.", null);
    }

    private ConnectionClosedException(ConnectionClosedException asynchronous) {
        super(asynchronous.getMessage(), asynchronous);
    }

    @Override
    ConnectionClosedException onCallingThread() {
        return new ConnectionClosedException(this);
    }

    /** Always false: see the class comment. */
    @Override
    public boolean isRetryable() {
        return false;
    }
}
