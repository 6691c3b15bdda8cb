package io.catena.core.spi;

/**
 * What a host gives a protocol node to act on the world: where its messages go, its storage, and
 * where it reports the work it does. All three are used only from the node's own thread.
 */
public record NodePorts(Outbox outbox, StoragePort storage, WorkMeter meter) {

    public NodePorts {
        if (outbox == null || storage == null || meter == null) {
            throw new IllegalArgumentException("a node needs an outbox, a storage port and a work meter");
        }
    }
}
