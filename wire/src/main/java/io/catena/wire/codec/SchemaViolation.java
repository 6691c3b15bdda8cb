package io.catena.wire.codec;

import java.io.IOException;

/**
 * A body that is well-formed Smile or JSON but not a valid Catena value: a missing or unexpected
 * field, a value of the wrong shape, an unknown tag. It travels with Jackson's own
 * {@link IOException}s to the one place that turns both into a {@code MalformedFrameException}.
 *
 * <p>No stack trace is captured: peers decide how often this is thrown, and the message (one
 * sentence naming the field) is all a log line needs.
 */
public final class SchemaViolation extends IOException {

    SchemaViolation(String message) {
        super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
