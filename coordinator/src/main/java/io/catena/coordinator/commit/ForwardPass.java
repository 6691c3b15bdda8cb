package io.catena.coordinator.commit;

import io.catena.catenae.message.Footprint;
import io.catena.catenae.message.Footprints;
import io.catena.coordinator.CoordinatorContext;
import io.catena.coordinator.schedule.EpochClassification;
import io.catena.coordinator.schedule.ScheduledTxn;
import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Hop;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The forward pass (Catenae §VI-C): before any transaction of an epoch runs, each leaves a
 * footprint on every chain key it will visit, so that a chain server knows who may still come and
 * in which epoch. The coordinator lays a scheduled epoch's footprints on every chain server at
 * once, one {@link Footprints} message per server, in epoch order (an empty one too: it tells the
 * server the epoch is complete). Each key's footprints go to its owner in the epoch's membership.
 * A restarted server is given the footprints again, except those of transactions it has already
 * finalized.
 */
final class ForwardPass {

    private final CoordinatorContext ctx;

    ForwardPass(CoordinatorContext ctx) {
        this.ctx = ctx;
    }

    /** Lays the footprints of a newly scheduled epoch on every chain server of the region. */
    void lay(EpochClassification epoch, Function<TxnId, TxnRecord> txns, Version collectBelow) {
        // One pass over the epoch's hops: finding a key's owner costs its position in the store's
        // order, too much to compute again for every chain server on the coordinator's thread.
        Map<Integer, List<Footprint>> byServer = new TreeMap<>();
        ctx.ownership.servers().forEach(s -> byServer.put(s, new ArrayList<>()));
        for (ScheduledTxn t : epoch.txns()) {
            TxnRecord r = txns.apply(t.id());
            if (r == null) {
                continue;
            }
            for (Hop h : t.plan().hops()) {
                int server = ctx.ownership.serverFor(h.key(), epoch.epoch());
                if (!r.finalizedAt.get(server)) {
                    byServer.computeIfAbsent(server, s -> new ArrayList<>())
                            .add(new Footprint(t.id(), h.key(), h.access(), epoch.contended(h.key())));
                }
            }
        }
        byServer.forEach((s, fps) -> ctx.outbox.send(ctx.chainServer(s), new Footprints(epoch.epoch(), fps,
                collectBelow)));
    }

    /** Lays one epoch's footprints again on a restarted chain server ({@code epoch} null: it had none). */
    void layAgain(int server, long epochNumber, EpochClassification epoch, Function<TxnId, TxnRecord> txns,
                  Version collectBelow) {
        List<Footprint> fps = epoch == null ? List.of() : footprints(epoch, server, txns);
        ctx.outbox.send(ctx.chainServer(server), new Footprints(epochNumber, fps, collectBelow));
    }

    /** The footprints of {@code epoch} on {@code server}, of transactions not yet finalized there. */
    private List<Footprint> footprints(EpochClassification epoch, int server, Function<TxnId, TxnRecord> txns) {
        List<Footprint> out = new ArrayList<>();
        for (ScheduledTxn t : epoch.txns()) {
            TxnRecord r = txns.apply(t.id());
            if (r == null || r.finalizedAt.get(server)) {
                continue;
            }
            for (Hop h : t.plan().hops()) {
                if (ctx.ownership.serverFor(h.key(), epoch.epoch()) == server) {
                    out.add(new Footprint(t.id(), h.key(), h.access(), epoch.contended(h.key())));
                }
            }
        }
        return out;
    }
}
