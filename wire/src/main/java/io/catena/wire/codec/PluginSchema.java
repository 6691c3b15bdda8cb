package io.catena.wire.codec;

import io.catena.core.message.MessageKind;
import io.catena.core.message.PluginMessage;
import java.io.IOException;
import java.util.List;

/**
 * The wire schema of one protocol plug-in's messages ({@link PluginMessage}): the codec picks it
 * by the wire ids of its {@link #kinds()}, which no other schema may use. Protocol modules may
 * not see Jackson, so a plug-in's schema lives here, beside core's, and is listed in
 * {@link MessageSchema}. Stateless; any thread.
 */
interface PluginSchema {

    /** The message kinds this schema encodes. */
    List<? extends MessageKind> kinds();

    void write(WireWriter w, PluginMessage m) throws IOException;

    PluginMessage read(WireReader r, MessageKind kind) throws IOException;
}
