package io.catena.coordinator.membership;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.Membership;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.spi.Completion;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoragePort;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The region's durable record of its membership changes: one row per membership epoch in a
 * bookkeeping partition no transaction can name, like the answers'. A coordinator persists a
 * membership before announcing it, and a replaced one reads them back before it schedules
 * anything, so routing by epoch survives it.
 *
 * <p>Not in the replicated log: ownership is the region's own affair (no message naming a chain
 * server leaves the region), the log's records have a fixed content every region reads, and they
 * are truncated while a membership stays in effect for good.
 */
public final class MembershipStore {

    /**
     * In a reserved table (the planner never lets a transaction touch tables starting with "__")
     * that a store fences against deposed leaders, since a membership is the leader's own decision.
     */
    public static final ChainKey KEY = ChainKey.of(StorageEngine.LEADER_TABLES.iterator().next(), "region");

    private final StoragePort storage;

    public MembershipStore(StoragePort storage) {
        this.storage = storage;
    }

    /** Persists a membership at a version of its own epoch; {@code durable} runs once it is. */
    public void persist(Membership m, Completion<Void> durable) {
        storage.apply(KEY, Version.of(m.fromEpoch(), 0), List.of(RowWrite.put(clustering(m.fromEpoch()), encode(m))))
                .whenDone(durable);
    }

    /** Every persisted membership, oldest first. */
    public void readAll(Completion<List<Membership>> found) {
        storage.loadPartition(KEY).whenDone((now, image, failure) -> {
            if (failure != null) {
                found.complete(now, null, failure);
                return;
            }
            VersionedPartition p = VersionedPartition.fromImage(image);
            List<Membership> out = new ArrayList<>();
            p.snapshot(p.latest()).forEach((clustering, row) -> out.add(decode(row)));
            found.complete(now, out, null);
        });
    }

    /** Zero-padded, so that rows sort by epoch. */
    private static String clustering(long epoch) {
        return String.format(Locale.ROOT, "%019d", epoch);
    }

    static Row encode(Membership m) {
        List<Datum> ranges = new ArrayList<>();
        for (KeyRange r : m.ownership().ranges()) {
            ranges.add(Datum.of(r.owner() + ":" + HexFormat.of().formatHex(r.start())));
        }
        return Row.of("epoch", m.fromEpoch()).with("scheme", Datum.of(m.ownership().scheme()))
                .with("ranges", Datum.of(ranges));
    }

    static Membership decode(Row row) {
        List<KeyRange> ranges = new ArrayList<>();
        for (Datum d : ((Datum.Seq) row.getOrNull("ranges")).values()) {
            String s = ((Datum.Text) d).value();
            int colon = s.indexOf(':');
            ranges.add(new KeyRange(HexFormat.of().parseHex(s.substring(colon + 1)),
                    Integer.parseInt(s.substring(0, colon))));
        }
        String scheme = ((Datum.Text) row.getOrNull("scheme")).value();
        return new Membership(row.getLong("epoch", 0), new OwnershipMap(scheme, ranges));
    }
}
