package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.catena.wire.Frame;
import io.catena.wire.FrameKind;
import io.catena.wire.MalformedFrameException;

/** One-byte edits of an encoded body, and the rule every decode of hostile bytes must keep. */
final class ByteMutations {

    private ByteMutations() {
    }

    /** {@code body} with the byte at {@code at} replaced (0), a byte inserted there (1) or removed (2). */
    static byte[] mutate(byte[] body, int mutation, int at, byte value) {
        return switch (mutation) {
            case 0 -> replace(body, at, value);
            case 1 -> insert(body, at, value);
            default -> delete(body, at);
        };
    }

    /**
     * Decoding yields a frame of {@code kind} or fails with a {@link MalformedFrameException} of one
     * line naming the frame kind; no other exception escapes.
     */
    static void decodeFailsCleanlyOrSucceeds(JacksonWireCodec codec, FrameKind kind, byte[] body, boolean inFrame) {
        try {
            Frame decoded = Bodies.decode(codec, kind, body, inFrame);
            assertThat(decoded.kind()).isEqualTo(kind);
        } catch (MalformedFrameException e) {
            assertThat(e.getMessage()).startsWith("malformed " + kind + " frame: ").doesNotContain("\n", "\r");
        } catch (RuntimeException e) {
            fail("decode threw " + e + " instead of MalformedFrameException", e);
        }
    }

    private static byte[] replace(byte[] body, int at, byte value) {
        byte[] out = body.clone();
        out[at] = value;
        return out;
    }

    private static byte[] insert(byte[] body, int at, byte value) {
        byte[] out = new byte[body.length + 1];
        System.arraycopy(body, 0, out, 0, at);
        out[at] = value;
        System.arraycopy(body, at, out, at + 1, body.length - at);
        return out;
    }

    private static byte[] delete(byte[] body, int at) {
        byte[] out = new byte[body.length - 1];
        System.arraycopy(body, 0, out, 0, at);
        System.arraycopy(body, at + 1, out, at, body.length - at - 1);
        return out;
    }
}
