package io.catena.lab.report.svg;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes HTML and SVG markup that is also well-formed XML: every text and attribute value is
 * escaped, every element is closed in order (closing the wrong one throws), and characters XML
 * cannot carry are replaced. Not thread-safe; one writer builds one document.
 */
public final class MarkupWriter {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][-A-Za-z0-9_:.]*");
    /** Elements inside running text, after which a line break would show as a space. */
    private static final Set<String> INLINE = Set.of("span", "code", "b", "strong", "em", "tspan", "a", "abbr");

    private final StringBuilder out = new StringBuilder();
    private final Deque<String> open = new ArrayDeque<>();

    /** Opens {@code <tag name="value" ...>}; {@code attributes} alternate names and values. */
    public MarkupWriter open(String tag, String... attributes) {
        startTag(tag, attributes);
        out.append('>');
        open.push(tag);
        return this;
    }

    /**
     * Writes an element without content, {@code <tag .../>}: use it only for SVG elements and
     * HTML void elements ({@code meta}, {@code br}), since HTML reads {@code <td/>} as an open tag.
     */
    public MarkupWriter empty(String tag, String... attributes) {
        startTag(tag, attributes);
        out.append("/>");
        breakAfter(tag);
        return this;
    }

    /** Writes {@code text}, escaped. */
    public MarkupWriter text(String text) {
        out.append(escape(text));
        return this;
    }

    /** Writes {@code <tag ...>text</tag>}. */
    public MarkupWriter element(String tag, String text, String... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    /** Closes {@code tag}, which must be the innermost open element. */
    public MarkupWriter close(String tag) {
        String innermost = open.peek();
        if (!tag.equals(innermost)) {
            throw new IllegalStateException("closing <" + tag + "> but the innermost open element is <"
                    + innermost + ">");
        }
        open.pop();
        out.append("</").append(tag).append('>');
        breakAfter(tag);
        return this;
    }

    /** Whether every element opened has been closed. */
    public boolean balanced() {
        return open.isEmpty();
    }

    /**
     * The markup written so far.
     *
     * @throws IllegalStateException if an element is still open
     */
    public String finish() {
        if (!balanced()) {
            throw new IllegalStateException("elements still open: " + open);
        }
        return out.toString();
    }

    /**
     * {@code text} safe as element content and as a quoted attribute value in HTML and XML:
     * {@code & < > " '} escaped, characters XML 1.0 forbids (most control characters, lone
     * surrogates) replaced by U+FFFD.
     */
    public static String escape(String text) {
        StringBuilder s = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> s.append("&amp;");
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '"' -> s.append("&quot;");
                case '\'' -> s.append("&#39;");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1))) {
                        s.append(c).append(text.charAt(++i));
                    } else if (allowedInXml(c)) {
                        s.append(c);
                    } else {
                        s.append('\uFFFD');
                    }
                }
            }
        }
        return s.toString();
    }

    private static boolean allowedInXml(char c) {
        return c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD);
    }

    private void startTag(String tag, String[] attributes) {
        requireName(tag);
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes of <" + tag + "> come in name/value pairs");
        }
        out.append('<').append(tag);
        for (int i = 0; i < attributes.length; i += 2) {
            requireName(attributes[i]);
            out.append(' ').append(attributes[i]).append("=\"").append(escape(attributes[i + 1])).append('"');
        }
    }

    private void breakAfter(String tag) {
        // Line breaks keep the file readable; inline elements must not gain a space after them.
        if (!INLINE.contains(tag)) {
            out.append('\n');
        }
    }

    private static void requireName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not an element or attribute name: " + name);
        }
    }
}
