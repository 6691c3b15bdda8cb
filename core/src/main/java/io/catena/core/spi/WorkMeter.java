package io.catena.core.spi;

/**
 * Where a node reports the work a step did, so a host can account for it: the simulator turns it
 * into service time (records have sizes, so accesses take different times), production hosts
 * into metrics. Called only from the node's thread.
 */
public interface WorkMeter {

    WorkMeter NONE = bytes -> { };

    /** One access to a chain key's records, touching {@code bytes} bytes. */
    void keyAccess(int bytes);
}
