package io.catena.server.storage;

/** A region's store cannot be opened; the message says why in one sentence. */
public final class StoreOpenException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StoreOpenException(String message) {
        super(message);
    }

    public StoreOpenException(String message, Throwable cause) {
        super(message, cause);
    }
}
