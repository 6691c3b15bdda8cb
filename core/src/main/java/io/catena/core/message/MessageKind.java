package io.catena.core.message;

/**
 * A kind of message with its fixed wire id: core's own ({@link MessageType}) or a protocol
 * plug-in's. Wire ids are unique across every protocol and part of the wire format: never
 * renumbered, only appended.
 */
public interface MessageKind {

    /** The kind's name, as traces and refusals print it. */
    String name();

    int wireId();
}
