package io.catena.wire.codec;

import io.catena.core.message.MessageKind;
import io.catena.core.message.PluginMessage;
import java.io.IOException;
import java.util.List;

/**
 * The wire schema of one protocol plug-in's messages ({@link PluginMessage}): the codec picks it
 * by the wire ids of its {@link #kinds()}, which no other schema may use. Protocol modules may
 * not see Jackson, so a protocol's schema lives in a wire module of its own, registered in
 * {@code META-INF/services/io.catena.wire.codec.PluginSchema}, where {@link MessageKinds} finds it;
 * this module names no protocol. A schema needs a public no-argument constructor. Stateless; any
 * thread.
 */
public interface PluginSchema {

    /** The message kinds this schema encodes. */
    List<? extends MessageKind> kinds();

    void write(WireWriter w, PluginMessage m) throws IOException;

    PluginMessage read(WireReader r, MessageKind kind) throws IOException;
}
