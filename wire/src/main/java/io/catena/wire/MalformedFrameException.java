package io.catena.wire;

/** A frame that could not be read; the message is one sentence fit for a log line. */
public final class MalformedFrameException extends Exception {

    public MalformedFrameException(String message) {
        super(message);
    }

    public MalformedFrameException(String message, Throwable cause) {
        super(message, cause);
    }
}
