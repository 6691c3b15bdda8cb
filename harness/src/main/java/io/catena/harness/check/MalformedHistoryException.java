package io.catena.harness.check;

import java.io.IOException;

/**
 * A history line that is not valid in the history format (see {@link HistoryWriter}). The message
 * names the line number and what is wrong with it; reading the same file again will fail the same
 * way, so the producer of the history has to be fixed.
 */
public final class MalformedHistoryException extends IOException {

    private static final long serialVersionUID = 1L;

    private final long lineNumber;

    /** A problem on line {@code lineNumber} (counted from 1). */
    public MalformedHistoryException(long lineNumber, String problem, Throwable cause) {
        super("history line " + lineNumber + ": " + problem, cause);
        this.lineNumber = lineNumber;
    }

    /** The malformed line's number, counted from 1. */
    public long lineNumber() {
        return lineNumber;
    }
}
