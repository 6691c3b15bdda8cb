package io.catena.harness.check;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads typed fields of a parsed history line, every problem an {@link IllegalArgumentException}
 * naming the field and what it held. Stateless.
 */
final class JsonFields {

    private JsonFields() {
    }

    /** The string {@code value} of {@code field}. */
    static String text(JsonNode value, String field) {
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("field \"" + field + "\" must be a string but was " + describe(value));
        }
        return value.textValue();
    }

    /** The 64-bit integer {@code value} of {@code field}. */
    static long integer(JsonNode value, String field) {
        if (value == null || !value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new IllegalArgumentException("field \"" + field + "\" must be a 64-bit integer but was "
                    + describe(value));
        }
        return value.longValue();
    }

    /** {@code value} as JSON, or "missing". */
    static String describe(JsonNode value) {
        return value == null ? "missing" : value.toString();
    }
}
