package io.catena.helios.message;

import io.catena.core.message.PluginMessage;
import io.catena.rlog.Shipment;

/**
 * The one message Helios regions exchange: every tick, each region ships every peer the log
 * records it believes the peer lacks, with its timetable (the replicated log's shipment).
 */
public record HeliosShipment(Shipment<HeliosRecord> shipment) implements PluginMessage {

    public HeliosShipment {
        if (shipment == null) {
            throw new IllegalArgumentException("a Helios shipment carries a log shipment");
        }
    }

    @Override
    public HeliosMessageType type() {
        return HeliosMessageType.SHIPMENT;
    }
}
