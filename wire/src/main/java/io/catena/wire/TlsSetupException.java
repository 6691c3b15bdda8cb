package io.catena.wire;

/**
 * TLS could not be set up from the configured files. The message names the file and what is
 * wrong with it; nothing is retried, the operator fixes the file or the configuration.
 */
public final class TlsSetupException extends Exception {

    public TlsSetupException(String message) {
        super(message);
    }

    public TlsSetupException(String message, Throwable cause) {
        super(message, cause);
    }
}
