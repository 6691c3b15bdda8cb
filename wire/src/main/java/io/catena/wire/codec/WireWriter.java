package io.catena.wire.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import java.io.IOException;
import java.util.List;

/**
 * Writes one frame body through a Jackson generator, in the shapes {@link WireReader} expects:
 * objects with fields in schema order, tuples as arrays. Checks what the reader will enforce
 * (required values present, string lengths) so a bad frame fails at its sender.
 *
 * <p>Not thread-safe: one instance per encode call.
 */
public final class WireWriter {

    /** Writes one value of a type. */
    @FunctionalInterface
    public interface ValueWriter<T> {
        void write(WireWriter w, T value) throws IOException;
    }

    private final JsonGenerator g;

    WireWriter(JsonGenerator g) {
        this.g = g;
    }

    /** Returns {@code value}, or fails naming the field if it is null. */
    public static <T> T required(T value, String what) throws SchemaViolation {
        if (value == null) {
            throw new SchemaViolation(what + " is null but the wire format requires it");
        }
        return value;
    }

    public void beginObject() throws IOException {
        g.writeStartObject();
    }

    public void endObject() throws IOException {
        g.writeEndObject();
    }

    public void beginTuple() throws IOException {
        g.writeStartArray();
    }

    public void endTuple() throws IOException {
        g.writeEndArray();
    }

    /** Starts a field; its value is written next. */
    public void field(SerializableString name) throws IOException {
        g.writeFieldName(name);
    }

    /** A field name that is data (a row's column), not part of the schema. */
    public void dataName(String name, String what) throws IOException {
        if (name.length() > WireLimits.MAX_NAME_CHARS) {
            throw new SchemaViolation(what + " has " + name.length() + " characters, more than the wire limit of "
                    + WireLimits.MAX_NAME_CHARS);
        }
        g.writeFieldName(name);
    }

    public void longValue(long value) throws IOException {
        g.writeNumber(value);
    }

    public void intValue(int value) throws IOException {
        g.writeNumber(value);
    }

    public void bool(boolean value) throws IOException {
        g.writeBoolean(value);
    }

    public void nullValue() throws IOException {
        g.writeNull();
    }

    public void string(String value, String what) throws IOException {
        required(value, what);
        if (value.length() > WireLimits.MAX_STRING_CHARS) {
            throw new SchemaViolation(what + " has " + value.length() + " characters, more than the wire limit of "
                    + WireLimits.MAX_STRING_CHARS);
        }
        g.writeString(value);
    }

    public <T> void list(List<T> values, ValueWriter<T> element) throws IOException {
        g.writeStartArray(values, values.size());
        for (int i = 0, n = values.size(); i < n; i++) {
            element.write(this, values.get(i));
        }
        g.writeEndArray();
    }

    /** Writes {@code value} with {@code writer}, or null. */
    public <T> void nullable(T value, ValueWriter<T> writer) throws IOException {
        if (value == null) {
            g.writeNull();
        } else {
            writer.write(this, value);
        }
    }
}
