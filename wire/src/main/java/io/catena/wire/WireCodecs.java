package io.catena.wire;

import io.catena.wire.codec.JacksonWireCodec;
import java.util.List;

/** The wire codecs by their configuration name. */
public final class WireCodecs {

    /** The codec nodes and clients use unless configured otherwise. */
    public static final String DEFAULT = "smile";

    private static final List<WireCodec> ALL = List.of(JacksonWireCodec.smile(), JacksonWireCodec.json());

    private WireCodecs() {
    }

    /**
     * The codec called {@code name} ({@code smile} or {@code json}). Both ends of a connection
     * must use the same one. Codecs are thread-safe and shared.
     *
     * @throws IllegalArgumentException if no codec has that name; the message lists valid names
     */
    public static WireCodec byName(String name) {
        for (WireCodec codec : ALL) {
            if (codec.name().equals(name)) {
                return codec;
            }
        }
        throw new IllegalArgumentException("unknown wire codec '" + name + "'; valid names: " + String.join(", ", names()));
    }

    /** The names {@link #byName} accepts, the default first. */
    public static List<String> names() {
        return ALL.stream().map(WireCodec::name).toList();
    }
}
