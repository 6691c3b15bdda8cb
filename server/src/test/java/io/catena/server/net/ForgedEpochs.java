package io.catena.server.net;

import io.catena.catenae.message.EpochMessage;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import java.util.List;

/**
 * Replicated-log content for a three-region cluster, as a healthy region would ship it or with
 * one thing made impossible: the raw material of hostile epoch messages.
 */
final class ForgedEpochs {

    /** Far beyond any epoch a clock near genesis allows (about 300 years of 10 ms epochs). */
    static final long FUTURE_EPOCH = 1_000_000_000_000L;
    /** An index beyond the three regions. */
    static final RegionId BEYOND = RegionId.of(7);

    private ForgedEpochs() {
    }

    /** A record with a transaction, receipts, an abandon vote and a key-order vote, all of plausible epochs. */
    static RLogRecord record(RegionId origin, long epoch) {
        TxnEntry txn = new TxnEntry(new TxnId(epoch, origin, 0), new RequestId(42, epoch), 0, readSpec());
        KeyOrderVote vote = new KeyOrderVote(epoch - 1, ChainKey.of("t", "k"),
                List.of(new TxnId(epoch - 1, RegionId.of(0), 0)));
        return new RLogRecord(origin, epoch, List.of(txn), EpochVector.of(epoch - 1, epoch - 1, epoch - 1),
                List.of(new BatchRef(RegionId.of(2), epoch - 1)), List.of(vote), Version.endOf(epoch - 2));
    }

    /** A record with nothing in it but its place in the log. */
    static RLogRecord emptyRecord(RegionId origin, long epoch) {
        return new RLogRecord(origin, epoch, List.of(), EpochVector.zeros(3), List.of(), List.of(), Version.ZERO);
    }

    /** Every region holds every region's records through {@code epoch}. */
    static Timetable timetable(long epoch) {
        EpochVector row = EpochVector.of(epoch, epoch, epoch);
        return Timetable.of(row, row, row);
    }

    static EpochMessage message(RegionId from, List<RLogRecord> records, Timetable timetable) {
        return new EpochMessage(from, records, timetable);
    }

    static TxnSpec readSpec() {
        return new TxnSpec.AdHoc(List.of(new Op.Read(RowKey.of("t", "k"))));
    }
}
