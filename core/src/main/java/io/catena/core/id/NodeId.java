package io.catena.core.id;

import java.util.Comparator;

/**
 * Address of one protocol participant: a coordinator, resolver or chain server of a region, or
 * a client attached to a region.
 */
public record NodeId(RegionId region, Role role, int index) implements Comparable<NodeId> {

    private static final Comparator<NodeId> ORDER = Comparator.comparing(NodeId::region)
            .thenComparing(NodeId::role)
            .thenComparingInt(NodeId::index);

    /** What a node does; the ordinal is part of the wire format, so only append. */
    public enum Role {
        COORDINATOR,
        RESOLVER,
        CHAIN_SERVER,
        CLIENT
    }

    public NodeId {
        if (region == null || role == null) {
            throw new IllegalArgumentException("region and role are required");
        }
        if (index < 0) {
            throw new IllegalArgumentException("node index must be non-negative: " + index);
        }
    }

    public static NodeId coordinator(RegionId region) {
        return new NodeId(region, Role.COORDINATOR, 0);
    }

    public static NodeId resolver(RegionId region) {
        return new NodeId(region, Role.RESOLVER, 0);
    }

    public static NodeId chainServer(RegionId region, int index) {
        return new NodeId(region, Role.CHAIN_SERVER, index);
    }

    public static NodeId client(RegionId region, int index) {
        return new NodeId(region, Role.CLIENT, index);
    }

    /** Value-based, unlike the enum's identity hash, so hash iteration order is the same in every run. */
    @Override
    public int hashCode() {
        return (region.index() * 31 + role.ordinal()) * 31 + index;
    }

    @Override
    public int compareTo(NodeId other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        String kind = switch (role) {
            case COORDINATOR -> "coord";
            case RESOLVER -> "resolver";
            case CHAIN_SERVER -> "cs" + index;
            case CLIENT -> "client" + index;
        };
        return region + "/" + kind;
    }
}
