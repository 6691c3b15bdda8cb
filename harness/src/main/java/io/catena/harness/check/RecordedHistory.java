package io.catena.harness.check;

import java.util.List;

/**
 * A history as a file holds it: the header of format 2, or none for format 1, and the
 * transactions.
 *
 * @param header the first line's description of the run, or null in a file of format 1
 * @param events every transaction, in line order
 */
public record RecordedHistory(HistoryHeader header, List<HistoryEvent> events) {

    /** Copies {@code events}. */
    public RecordedHistory {
        events = List.copyOf(events);
    }

    /** The format the file was written in: 2 with a header, 1 without. */
    public int format() {
        return header == null ? 1 : HistoryHeader.FORMAT;
    }
}
