package io.catena.logkit.message;

import io.catena.core.message.PluginMessage;
import io.catena.rlog.Shipment;

/**
 * The one message regions of a log protocol exchange: every tick, each region ships every peer
 * the log records it believes the peer lacks, with its timetable (the replicated log's shipment).
 */
public record LogShipment(Shipment<TxnRecord> shipment) implements PluginMessage {

    public LogShipment {
        if (shipment == null) {
            throw new IllegalArgumentException("a log shipment message carries a log shipment");
        }
    }

    @Override
    public LogMessageType type() {
        return LogMessageType.SHIPMENT;
    }
}
