package io.catena.client;

import java.util.Locale;

/** The frame body encoding a connection asks for: the URL's {@code codec} parameter. */
public enum WireFormat {
    /** Jackson Smile, compact binary JSON; the default. */
    SMILE,
    /** Plain JSON: larger and slower, readable in a packet capture. */
    JSON;

    /** The name the wire module's codecs answer to ({@code WireCodec.name()}). */
    public String codecName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
