package io.catena.catenae.message;

import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import java.util.List;

/**
 * Coordinator to coordinator, every epoch: the log records the receiver is not known to hold
 * (its own and relayed ones), and the sender's timetable.
 */
public record EpochMessage(RegionId from, List<RLogRecord> records, Timetable timetable) implements CatenaMessage {
    public EpochMessage {
        records = List.copyOf(records);
    }

    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.EPOCH_MESSAGE;
    }
}
