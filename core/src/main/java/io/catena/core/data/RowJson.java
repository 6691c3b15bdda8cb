package io.catena.core.data;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A row as a JSON object, the form the Cassandra and HBase adapters store so that operators can
 * read committed data with cqlsh or the HBase shell: {@code {"balance":100,"name":"Alice",
 * "history":[1,"x"]}}. Integers are JSON integers, text is a JSON string and a sequence is an
 * array, so every row survives the round trip exactly; columns come out in name order, so equal
 * rows have equal text. Stateless.
 */
public final class RowJson {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private RowJson() {
    }

    public static String encode(Row row) {
        StringBuilder b = new StringBuilder(16 + row.sizeBytes() * 2);
        b.append('{');
        for (int i = 0; i < row.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            appendString(b, row.name(i));
            b.append(':');
            appendDatum(b, row.value(i));
        }
        return b.append('}').toString();
    }

    /**
     * Reads back what {@link #encode} wrote.
     *
     * @throws IllegalArgumentException if {@code text} is not a JSON object of integers, strings
     *         and arrays of them, naming the offset where it goes wrong
     */
    public static Row decode(String text) {
        Parser p = new Parser(text);
        p.skipSpace();
        Row row = p.row();
        p.skipSpace();
        if (p.at < text.length()) {
            throw p.fail("text after the row");
        }
        return row;
    }

    private static void appendDatum(StringBuilder b, Datum d) {
        if (d instanceof Datum.Int64 n) {
            b.append(n.value());
        } else if (d instanceof Datum.Text t) {
            appendString(b, t.value());
        } else {
            List<Datum> values = ((Datum.Seq) d).values();
            b.append('[');
            for (int i = 0; i < values.size(); i++) {
                if (i > 0) {
                    b.append(',');
                }
                appendDatum(b, values.get(i));
            }
            b.append(']');
        }
    }

    private static void appendString(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }

    /** A strict recursive-descent reader of the subset {@link #encode} writes. */
    private static final class Parser {
        private final String text;
        private int at;

        Parser(String text) {
            if (text == null) {
                throw new IllegalArgumentException("a row's JSON text is required, got null");
            }
            this.text = text;
        }

        Row row() {
            expect('{');
            TreeMap<String, Datum> columns = new TreeMap<>();
            skipSpace();
            if (peek() == '}') {
                at++;
                return Row.EMPTY;
            }
            do {
                skipSpace();
                String name = string();
                skipSpace();
                expect(':');
                if (columns.put(name, datum()) != null) {
                    throw fail("column \"" + name + "\" appears twice");
                }
                skipSpace();
            } while (consume(','));
            expect('}');
            return Row.of(columns);
        }

        Datum datum() {
            skipSpace();
            char c = peek();
            if (c == '"') {
                return Datum.of(string());
            }
            if (c == '[') {
                at++;
                List<Datum> values = new ArrayList<>();
                skipSpace();
                if (peek() == ']') {
                    at++;
                    return Datum.of(values);
                }
                do {
                    values.add(datum());
                    skipSpace();
                } while (consume(','));
                expect(']');
                return Datum.of(values);
            }
            if (c == '-' || (c >= '0' && c <= '9')) {
                int start = at;
                at++;
                while (at < text.length() && Character.isDigit(text.charAt(at))) {
                    at++;
                }
                try {
                    return Datum.of(Long.parseLong(text, start, at, 10));
                } catch (NumberFormatException e) {
                    at = start;
                    throw fail("not a 64-bit integer");
                }
            }
            throw fail("expected an integer, a string or an array");
        }

        String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (true) {
                if (at >= text.length()) {
                    throw fail("unterminated string");
                }
                char c = text.charAt(at++);
                if (c == '"') {
                    return b.toString();
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (at >= text.length()) {
                    throw fail("unterminated escape");
                }
                char e = text.charAt(at++);
                switch (e) {
                    case '"', '\\', '/' -> b.append(e);
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'u' -> {
                        if (at + 4 > text.length()) {
                            throw fail("short \\u escape");
                        }
                        try {
                            b.append((char) Integer.parseInt(text, at, at + 4, 16));
                        } catch (NumberFormatException x) {
                            throw fail("bad \\u escape");
                        }
                        at += 4;
                    }
                    default -> throw fail("unknown escape \\" + e);
                }
            }
        }

        void skipSpace() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }

        private char peek() {
            if (at >= text.length()) {
                throw fail("unexpected end");
            }
            return text.charAt(at);
        }

        private boolean consume(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!consume(c)) {
                throw fail("expected '" + c + "'");
            }
        }

        IllegalArgumentException fail(String what) {
            return new IllegalArgumentException("not a stored row (" + what + " at offset " + at + "): "
                    + (text.length() > 80 ? text.substring(0, 80) + "…" : text));
        }
    }
}
