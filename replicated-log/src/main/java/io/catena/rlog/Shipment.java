package io.catena.rlog;

import java.util.List;

/**
 * What one region ships another: the records the sender believes the peer lacks, in
 * {@link LogRecord#ORDER}, and a copy of the sender's timetable. A shipment is self-contained and
 * idempotent: receiving it twice, late, or after a newer one from the same sender changes nothing
 * the second time, and losing it loses nothing the sender's next shipment does not carry again.
 *
 * <p>The constructor checks what a receiver relies on, so that a shipment a codec decoded is
 * refused before it touches a log: records strictly in order (hence none twice), each from a region
 * of the table and known to the sender by its own row, and the table's two invariants
 * ({@link Timetable}): the sender's row dominates every column, and each region's own entry its
 * column.
 *
 * <p>Threading: immutable, safe to share.
 *
 * @param sender    the index of the shipping region
 * @param records   the records, ascending by (timestamp, origin)
 * @param timetable the sender's timetable when it shipped
 * @param <P>       the protocol's record type
 */
public record Shipment<P>(int sender, List<LogRecord<P>> records, TimetableSnapshot timetable) {

    /**
     * @throws IllegalArgumentException if the shipment breaks one of the rules above
     */
    public Shipment {
        records = List.copyOf(records);
        int regions = timetable.regions();
        Timetable.checkRegion(sender, regions);
        for (int c = 0; c < regions; c++) {
            for (int b = 0; b < regions; b++) {
                if (timetable.knows(b, c) > timetable.knows(sender, c)) {
                    throw new IllegalArgumentException("region " + sender + " believes region " + b
                            + " knows region " + c + " up to " + timetable.knows(b, c)
                            + " but knows only up to " + timetable.knows(sender, c) + " itself");
                }
                if (timetable.knows(b, c) > timetable.knows(c, c)) {
                    throw new IllegalArgumentException("region " + sender + " believes region " + b
                            + " knows region " + c + " up to " + timetable.knows(b, c)
                            + " but region " + c + " itself only up to " + timetable.knows(c, c));
                }
            }
        }
        LogRecord<P> previous = null;
        for (LogRecord<P> record : records) {
            Timetable.checkRegion(record.origin(), regions);
            if (record.timestamp() > timetable.knows(sender, record.origin())) {
                throw new IllegalArgumentException("region " + sender + " ships " + record
                        + " beyond what its table says it knows of region " + record.origin() + ", "
                        + timetable.knows(sender, record.origin()));
            }
            if (previous != null && LogRecord.ORDER.compare(previous, record) >= 0) {
                throw new IllegalArgumentException("records are shipped strictly by (timestamp, origin): "
                        + previous + " then " + record);
            }
            previous = record;
        }
    }

    @Override
    public String toString() {
        return "Shipment from " + sender + " of " + records.size() + " records, table " + timetable;
    }
}
