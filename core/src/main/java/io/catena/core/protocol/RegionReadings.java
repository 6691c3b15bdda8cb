package io.catena.core.protocol;

/** The latest readings of a region's nodes ({@link ProtocolPlugin#read}), as metrics see them. */
public interface RegionReadings {

    /** The reading of the region's entry node. */
    NodeReading entry();

    /** {@code name} summed over the region's nodes. */
    long sum(String name);
}
