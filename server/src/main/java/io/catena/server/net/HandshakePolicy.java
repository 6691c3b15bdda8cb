package io.catena.server.net;

import io.catena.wire.Hello;
import io.catena.wire.WireProtocol;
import java.util.List;

/**
 * Who a region process talks to: the checks a {@link Hello} must pass, each failure one sentence
 * that is both sent to the caller and logged. A node accepts nodes of its own cluster that run
 * the same procedures, and clients that want its region.
 *
 * @param cluster        the cluster name
 * @param regionNames    every region of the cluster, in cluster order
 * @param localRegion    the index of this process's region
 * @param registryDigest this process's procedure registry digest
 */
public record HandshakePolicy(String cluster, List<String> regionNames, int localRegion, String registryDigest) {

    public HandshakePolicy {
        regionNames = List.copyOf(regionNames);
    }

    public String localRegionName() {
        return regionNames.get(localRegion);
    }

    /** Why {@code hello} is refused, or null if it is accepted. */
    public String refusal(Hello hello) {
        if (hello.protocolVersion() != WireProtocol.VERSION) {
            return "wire protocol version " + hello.protocolVersion() + " is not supported; this node speaks version "
                    + WireProtocol.VERSION;
        }
        if (!hello.cluster().equals(cluster)) {
            return "this node belongs to cluster '" + cluster + "', not '" + hello.cluster() + "'";
        }
        return switch (hello.peer()) {
            case CLIENT -> hello.region().equals(localRegionName()) ? null
                    : "this is region " + localRegionName() + "; connect to a coordinator of region " + hello.region();
            case NODE -> nodeRefusal(hello);
        };
    }

    private String nodeRefusal(Hello hello) {
        int index = regionNames.indexOf(hello.region());
        if (index < 0) {
            return "region '" + hello.region() + "' is not in this cluster's region list " + regionNames;
        }
        if (index == localRegion) {
            return "region " + hello.region() + " is this node's own region; check the peer addresses";
        }
        if (!hello.registryDigest().equals(registryDigest)) {
            return "procedure registries differ (this node: " + abbreviate(registryDigest) + ", peer: "
                    + abbreviate(hello.registryDigest()) + "); deploy the same procedures to every region";
        }
        return null;
    }

    private static String abbreviate(String digest) {
        return digest.length() > 12 ? digest.substring(0, 12) : digest;
    }
}
