package io.catena.microbench;

import io.catena.catenae.message.EpochMessage;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.TxnSpec;
import io.catena.wire.ClientMessage;
import io.catena.wire.NodeMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * The frames of the hot path as a three-region cluster (the GCP preset: us-central1,
 * europe-west1, asia-east1; 10 ms epochs) sends them: a client's {@code SubmitTxn} to its
 * coordinator, and the epoch message a coordinator ships to a peer every epoch.
 */
public final class HotPathFrames {

    /** An epoch about 2.8 hours after genesis at 10 ms per epoch: epoch numbers take their real width. */
    public static final long EPOCH = 1_000_123;
    /** Epoch length of the benchmarks' cluster. */
    public static final long EPOCH_LENGTH_MICROS = 10_000;

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EUROPE = RegionId.of(1);
    /** Clients per region, as in {@code catena bench}. */
    private static final int CLIENTS = 40;

    private HotPathFrames() {
    }

    /** What a client sends to run {@code txn}: its {@code sequence}-th request. */
    public static ClientMessage submit(TxnSpec txn, long sequence) {
        return new ClientMessage(new SubmitTxn(new RequestId(clientOf(sequence), sequence), txn, sequence));
    }

    /**
     * The epoch message us-central1 ships to europe-west1 with its record of {@link #EPOCH}
     * holding {@code txns}: uncontended (no key-order votes), nothing abandoned, and receipts
     * and a timetable that lag by the one-way delays of the GCP round trips (105 ms to
     * europe-west1, 155 ms to asia-east1, 255 ms between those two) in 10 ms epochs. With the
     * default {@code redundantEpochs = 1} a real message usually also carries the previous
     * epoch's record again, so it is about twice this size.
     */
    public static NodeMessage epochMessage(List<TxnSpec.AdHoc> txns) {
        List<TxnEntry> entries = new ArrayList<>(txns.size());
        for (int i = 0; i < txns.size(); i++) {
            long sequence = 700 + i;
            int offsetMicros = (int) (i * EPOCH_LENGTH_MICROS / txns.size());
            entries.add(new TxnEntry(new TxnId(EPOCH, US, i), new RequestId(clientOf(sequence), sequence), offsetMicros,
                    txns.get(i)));
        }
        RLogRecord record = new RLogRecord(US, EPOCH, entries, EpochVector.of(EPOCH, EPOCH - 6, EPOCH - 8), List.of(),
                List.of(), Version.of(EPOCH - 30, 12));
        Timetable timetable = Timetable.of(EpochVector.of(EPOCH, EPOCH - 6, EPOCH - 8),
                EpochVector.of(EPOCH - 11, EPOCH - 5, EPOCH - 19), EpochVector.of(EPOCH - 16, EPOCH - 19, EPOCH - 8));
        return new NodeMessage(NodeId.coordinator(US), NodeId.coordinator(EUROPE),
                new EpochMessage(US, List.of(record), timetable));
    }

    /**
     * The client part of a request id: a random positive 63-bit number per connection (see the
     * client library's {@code RequestIds}), here one of {@link #CLIENTS}, fixed.
     */
    private static long clientOf(long sequence) {
        long z = (sequence % CLIENTS + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) >>> 1 | 1;
    }
}
