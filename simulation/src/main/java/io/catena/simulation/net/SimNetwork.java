package io.catena.simulation.net;

import io.catena.core.wan.LatencyMatrix;
import io.catena.core.id.NodeId;
import io.catena.core.message.Message;
import io.catena.core.message.SubmitTxn;
import io.catena.simulation.engine.EventLoop;
import io.catena.harness.SeededRandom;
import io.catena.simulation.host.SimNode;
import java.util.HashMap;
import java.util.Map;

/**
 * The simulated network. Inter-region links delay by the latency matrix with jitter, and lose,
 * duplicate and reorder; links can be cut (partitions) and loss can burst. Links inside a region
 * are FIFO and, but for the loss a client's links may be given, reliable while both ends are up.
 */
public final class SimNetwork implements SimNode.Sender {

    private final EventLoop loop;
    private final LatencyMatrix matrix;
    private final NetworkConfig config;
    private final SeededRandom random;
    private final Map<NodeId, SimNode> nodes = new HashMap<>();
    private final Map<NodeId, Map<NodeId, Long>> lastIntraArrival = new HashMap<>();
    private final boolean[][] cut;
    /** Per region: how much later a second copy of each transaction its clients send arrives; 0 for none. */
    private final long[] lateCopyMicros;
    private double burstLoss;
    private long delivered;
    private long dropped;
    private long interRegionMessages;

    public SimNetwork(EventLoop loop, LatencyMatrix matrix, NetworkConfig config, SeededRandom random) {
        this.loop = loop;
        this.matrix = matrix;
        this.config = config;
        this.random = random;
        this.cut = new boolean[matrix.size()][matrix.size()];
        this.lateCopyMicros = new long[matrix.size()];
    }

    public void register(SimNode node) {
        nodes.put(node.id(), node);
    }

    /** Cuts (or heals) every link between {@code region} and the other regions. */
    public void isolate(int region, boolean isolated) {
        for (int other = 0; other < cut.length; other++) {
            if (other != region) {
                cut[region][other] = isolated;
                cut[other][region] = isolated;
            }
        }
    }

    /**
     * From now on every transaction a client of {@code region} submits also arrives again
     * {@code holdMicros} later, outside the link's order (0: no more late copies).
     */
    public void copyLate(int region, long holdMicros) {
        lateCopyMicros[region] = holdMicros;
    }

    public void setBurstLoss(double loss) {
        this.burstLoss = loss;
    }

    @Override
    public void send(NodeId from, NodeId to, Message message, long atMicros) {
        SimNode target = nodes.get(to);
        if (target == null) {
            dropped++;
            return;
        }
        int a = from.region().index();
        int b = to.region().index();
        if (a == b) {
            // Drawn only when asked for, so that every other run keeps its seeds.
            if (config.clientLoss() > 0 && (from.role() == NodeId.Role.CLIENT || to.role() == NodeId.Role.CLIENT)
                    && random.chance(config.clientLoss())) {
                dropped++;
                return;
            }
            long latency = config.intraMinMicros()
                    + random.nextLong(Math.max(1, config.intraMaxMicros() - config.intraMinMicros()));
            Map<NodeId, Long> link = lastIntraArrival.computeIfAbsent(from, f -> new HashMap<>());
            long arrival = Math.max(atMicros + latency, link.getOrDefault(to, 0L));
            link.put(to, arrival);
            deliverAt(arrival, from, target, message);
            if (lateCopyMicros[a] > 0 && from.role() == NodeId.Role.CLIENT && message instanceof SubmitTxn) {
                deliverAt(arrival + lateCopyMicros[a], from, target, message);
            }
            return;
        }
        interRegionMessages++;
        if (cut[a][b] || random.chance(config.loss()) || random.chance(burstLoss)) {
            dropped++;
            return;
        }
        deliverAt(atMicros + wanDelay(a, b), from, target, message);
        if (random.chance(config.duplication())) {
            deliverAt(atMicros + wanDelay(a, b), from, target, message);
        }
    }

    private long wanDelay(int a, int b) {
        long oneWay = matrix.oneWayMicros(a, b);
        double scaled = oneWay * (1 + config.jitter() * random.gaussian());
        long delay = Math.max(oneWay / 2, Math.round(scaled));
        if (random.chance(config.reordering())) {
            delay += random.nextLong(Math.max(1, config.reorderMaxMicros()));
        }
        return delay;
    }

    private void deliverAt(long atMicros, NodeId from, SimNode target, Message message) {
        loop.at(atMicros, () -> {
            delivered++;
            target.deliver(from, message);
        });
    }

    public long delivered() {
        return delivered;
    }

    public long dropped() {
        return dropped;
    }

    public long interRegionMessages() {
        return interRegionMessages;
    }
}
