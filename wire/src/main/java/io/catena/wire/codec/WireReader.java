package io.catena.wire.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one frame body from a Jackson parser and enforces the schema: objects have exactly their
 * fields, in schema order; tuples have exactly their elements; every value has the expected
 * shape. Each violation is a {@link SchemaViolation} naming the field as {@code Type.field}.
 *
 * <p>Convention: a method that reads a value expects the parser on the value's first token and
 * leaves it on the value's last token; {@link #field} and the {@code next*} methods advance onto
 * the value they announce. Names passed as {@code what} are constants, so reading allocates
 * nothing for error reporting unless an error occurs.
 *
 * <p>Not thread-safe: one instance per decode call.
 */
public final class WireReader {

    /** Reads one value of a type, starting on its first token. */
    @FunctionalInterface
    public interface ValueReader<T> {
        T read(WireReader r) throws IOException;
    }

    /** Longest piece of peer-chosen text (a field name) quoted in an error message. */
    private static final int QUOTE_CHARS = 40;

    private final JsonParser p;

    /** Reads from {@code p}, whose byte offsets must count from the start of the body. */
    WireReader(JsonParser p) {
        this.p = p;
    }

    /** Moves to the body's first token. */
    void start() throws IOException {
        if (p.nextToken() == null) {
            throw new SchemaViolation("the body is empty");
        }
    }

    /**
     * Fails unless the body ends exactly where the value just read ends. Counting bytes, not
     * tokens, because Smile may end a document early (at an end marker or a repeated header) and
     * Jackson would then report the end of input with bytes still unread.
     */
    void finish(long bodyBytes) throws IOException {
        long consumed = p.currentLocation().getByteOffset();
        if (consumed >= 0) {
            if (consumed != bodyBytes) {
                throw new SchemaViolation("the body has " + (bodyBytes - consumed) + " bytes after its value");
            }
            return;
        }
        JsonToken extra = p.nextToken();
        if (extra != null) {
            throw new SchemaViolation("the body continues with " + describe(extra) + " after its value");
        }
    }

    JsonToken token() {
        return p.currentToken();
    }

    public void beginObject(String type) throws IOException {
        expect(JsonToken.START_OBJECT, type, "an object");
    }

    /** Moves onto the value of field {@code name}, which must come next and must not be null. */
    public void field(SerializableString name, String what) throws IOException {
        if (!nullableField(name, what)) {
            throw new SchemaViolation(what + " must not be null");
        }
    }

    /**
     * Moves onto the value of field {@code name}, which must come next; returns false if the
     * value is null.
     */
    public boolean nullableField(SerializableString name, String what) throws IOException {
        if (!p.nextFieldName(name)) {
            JsonToken t = p.currentToken();
            if (t == JsonToken.END_OBJECT) {
                throw new SchemaViolation(what + " is missing");
            }
            if (t == JsonToken.FIELD_NAME) {
                throw new SchemaViolation("unexpected field '" + quote(p.currentName()) + "' where " + what + " belongs");
            }
            throw ended(t);
        }
        return advance() != JsonToken.VALUE_NULL;
    }

    /**
     * For objects whose field names are data (rows): moves onto the next value and returns its
     * name, or returns null at the end of the object.
     */
    public String nextDataName() throws IOException {
        String name = p.nextFieldName();
        if (name == null) {
            JsonToken t = p.currentToken();
            if (t == JsonToken.END_OBJECT) {
                return null;
            }
            throw ended(t);
        }
        // Jackson's name length limit binds the JSON parser but not the Smile one.
        if (name.length() > WireLimits.MAX_NAME_CHARS) {
            throw new SchemaViolation("Row column name has " + name.length()
                    + " characters, more than the wire limit of " + WireLimits.MAX_NAME_CHARS);
        }
        advance();
        return name;
    }

    /**
     * Reads the object's last field, {@code name}, if it is there, and the end of the object.
     * For a field added to an existing message: its writer leaves it out when it holds nothing,
     * so the message keeps its old encoding and older peers can still read it.
     *
     * @return the field's value, or {@code absent} if the object ends without it
     */
    public <T> T optionalLastField(SerializableString name, String type, String what, ValueReader<T> reader, T absent)
            throws IOException {
        if (!p.nextFieldName(name)) {
            JsonToken t = p.currentToken();
            if (t == JsonToken.END_OBJECT) {
                return absent;
            }
            if (t == JsonToken.FIELD_NAME) {
                throw new SchemaViolation("unexpected field '" + quote(p.currentName()) + "' where " + what + " belongs");
            }
            throw ended(t);
        }
        if (advance() == JsonToken.VALUE_NULL) {
            throw new SchemaViolation(what + " must not be null");
        }
        T value = reader.read(this);
        endObject(type);
        return value;
    }

    public void endObject(String type) throws IOException {
        JsonToken t = p.nextToken();
        if (t == JsonToken.END_OBJECT) {
            return;
        }
        if (t == JsonToken.FIELD_NAME) {
            throw new SchemaViolation(type + " has an unexpected field '" + quote(p.currentName()) + "'");
        }
        throw ended(t);
    }

    public void beginTuple(String type) throws IOException {
        expect(JsonToken.START_ARRAY, type, "an array");
    }

    /** Moves onto the next element of a tuple, which must exist and must not be null. */
    public void next(String what) throws IOException {
        JsonToken t = advance();
        if (t == JsonToken.END_ARRAY) {
            throw new SchemaViolation(what + " is missing");
        }
        if (t == JsonToken.VALUE_NULL) {
            throw new SchemaViolation(what + " must not be null");
        }
    }

    public long nextLong(String what) throws IOException {
        next(what);
        return longValue(what);
    }

    public int nextInt(String what) throws IOException {
        next(what);
        return intValue(what);
    }

    public String nextString(String what) throws IOException {
        next(what);
        return string(what);
    }

    public void endTuple(String type) throws IOException {
        JsonToken t = advance();
        if (t != JsonToken.END_ARRAY) {
            throw new SchemaViolation(type + " has more elements than expected");
        }
    }

    public long longValue(String what) throws IOException {
        expect(JsonToken.VALUE_NUMBER_INT, what, "an integer");
        JsonParser.NumberType type = p.getNumberType();
        if (type != JsonParser.NumberType.INT && type != JsonParser.NumberType.LONG) {
            throw new SchemaViolation(what + " does not fit in 64 bits");
        }
        return p.getLongValue();
    }

    public int intValue(String what) throws IOException {
        expect(JsonToken.VALUE_NUMBER_INT, what, "an integer");
        if (p.getNumberType() != JsonParser.NumberType.INT) {
            throw new SchemaViolation(what + " does not fit in 32 bits");
        }
        return p.getIntValue();
    }

    public boolean bool(String what) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_TRUE) {
            return true;
        }
        if (t == JsonToken.VALUE_FALSE) {
            return false;
        }
        throw new SchemaViolation(what + " must be a boolean, not " + describe(t));
    }

    public String string(String what) throws IOException {
        expect(JsonToken.VALUE_STRING, what, "a string");
        return p.getText();
    }

    /** Reads an array whose elements are read by {@code element}; elements must not be null. */
    public <T> List<T> list(String what, ValueReader<T> element) throws IOException {
        expect(JsonToken.START_ARRAY, what, "an array");
        List<T> out = new ArrayList<>();
        JsonToken t;
        while ((t = advance()) != JsonToken.END_ARRAY) {
            if (t == JsonToken.VALUE_NULL) {
                throw new SchemaViolation(what + " contains null");
            }
            out.add(element.read(this));
        }
        return out;
    }

    /** A violation with this message, for readers that check values themselves. */
    public SchemaViolation violation(String message) {
        return new SchemaViolation(message);
    }

    /** Peer-chosen text, shortened and made printable for an error message. */
    static String quote(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), QUOTE_CHARS) + 3);
        for (int i = 0; i < text.length() && i < QUOTE_CHARS; i++) {
            char c = text.charAt(i);
            out.append(Character.isISOControl(c) ? '?' : c);
        }
        if (text.length() > QUOTE_CHARS) {
            out.append("...");
        }
        return out.toString();
    }

    private JsonToken advance() throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw ended(null);
        }
        return t;
    }

    private void expect(JsonToken expected, String what, String shape) throws SchemaViolation {
        JsonToken t = p.currentToken();
        if (t != expected) {
            throw new SchemaViolation(what + " must be " + shape + ", not " + describe(t));
        }
    }

    private static SchemaViolation ended(JsonToken t) {
        return new SchemaViolation(t == null ? "the body ends in the middle of a value"
                : "unexpected " + describe(t));
    }

    static String describe(JsonToken t) {
        if (t == null) {
            return "the end of the body";
        }
        return switch (t) {
            case START_OBJECT, END_OBJECT -> "an object";
            case START_ARRAY, END_ARRAY -> "an array";
            case FIELD_NAME -> "a field name";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT -> "an integer";
            case VALUE_NUMBER_FLOAT -> "a fractional number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            case VALUE_EMBEDDED_OBJECT -> "binary data";
            case NOT_AVAILABLE -> "incomplete input";
        };
    }
}
