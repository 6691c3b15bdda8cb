package io.catena.lab.cluster;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.core.id.RegionId;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.TxnGateway;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** One client connection per region of a cluster, in region order, as a load driver's gateways; closed together. */
final class RegionClients implements AutoCloseable {

    private final List<Connection> connections = new ArrayList<>();
    private final List<TxnGateway> gateways = new ArrayList<>();

    /** Connects to each of {@code regions} at the URL {@code url} gives it. */
    RegionClients(List<RegionId> regions, Function<RegionId, String> url) {
        for (RegionId r : regions) {
            Connection c = Catena.connect(url.apply(r));
            connections.add(c);
            gateways.add(new ConnectionGateway(c));
        }
    }

    List<TxnGateway> gateways() {
        return gateways;
    }

    @Override
    public void close() {
        connections.forEach(Connection::close);
    }
}
