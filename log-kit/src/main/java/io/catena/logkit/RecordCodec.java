package io.catena.logkit;

import static io.catena.kit.RowCodec.keyCommits;
import static io.catena.kit.RowCodec.list;
import static io.catena.kit.RowCodec.number;
import static io.catena.kit.RowCodec.txn;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.message.TxnReply;
import io.catena.kit.AnswerCodec;
import io.catena.logkit.message.TxnRecord;
import io.catena.logkit.message.TxnRecord.Finished;
import io.catena.logkit.message.TxnRecord.Pending;
import io.catena.rlog.LogRecord;
import io.catena.rlog.TimetableSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A log protocol's stable records as rows of its reserved partition: each log record the region holds
 * (its own and those it learned), one row each, and its timetable, one row. Answers kept for
 * retries are the kit's rows ({@link io.catena.kit.AnswerCodec}), under names of their own.
 */
final class RecordCodec {

    static final String TIMETABLE_ROW = "t";
    private static final String RECORD_PREFIX = "l/";

    private RecordCodec() {
    }

    /**
     * What a region's stable records hold: the answers given, by sequence; the log records; the
     * timetable as last made durable (all zeros if none was), and whether one was, which only a
     * region that built a shipment has.
     */
    record Restored(SortedMap<Long, TxnReply> answers, List<LogRecord<TxnRecord>> records, TimetableSnapshot table,
                    boolean shippedBefore) {
    }

    static Restored restore(SortedMap<String, Row> stable, int regions) {
        TimetableSnapshot table = TimetableSnapshot.of(new long[regions][regions]);
        boolean shipped = false;
        List<LogRecord<TxnRecord>> records = new ArrayList<>();
        SortedMap<Long, TxnReply> answers = new TreeMap<>();
        for (Map.Entry<String, Row> e : stable.entrySet()) {
            String row = e.getKey();
            if (AnswerCodec.isAnswer(row)) {
                answers.put(AnswerCodec.answerSequence(row), AnswerCodec.decodeReply(e.getValue()));
            } else if (isRecord(row)) {
                records.add(decodeRecord(e.getValue()));
            } else if (row.equals(TIMETABLE_ROW)) {
                table = decodeTimetable(e.getValue());
                shipped = true;
            }
        }
        return new Restored(answers, List.copyOf(records), table, shipped);
    }

    static String recordRow(int origin, long timestamp) {
        return RECORD_PREFIX + origin + "/" + timestamp;
    }

    static boolean isRecord(String row) {
        return row.startsWith(RECORD_PREFIX);
    }

    static Row encode(LogRecord<TxnRecord> r) {
        Map<String, Datum> c = new TreeMap<>();
        c.put("origin", Datum.of(r.origin()));
        c.put("ts", Datum.of(r.timestamp()));
        c.put("txn", txn(r.payload().txn()));
        if (r.payload() instanceof Pending p) {
            c.put("keys", keyCommits(p.keys()));
        } else if (r.payload() instanceof Finished f) {
            c.put("committed", Datum.of(f.committed() ? 1 : 0));
        }
        return Row.of(c);
    }

    static LogRecord<TxnRecord> decodeRecord(Row row) {
        Datum keys = row.getOrNull("keys");
        TxnRecord payload = keys != null
                ? new Pending(txn(row.getOrNull("txn")), keyCommits(keys))
                : new Finished(txn(row.getOrNull("txn")), row.getLong("committed", 0) == 1);
        return new LogRecord<>((int) row.getLong("origin", -1), row.getLong("ts", 0), payload);
    }

    static Row encode(TimetableSnapshot table) {
        List<Datum> rows = new ArrayList<>(table.regions());
        for (long[] entries : table.toArray()) {
            List<Datum> row = new ArrayList<>(entries.length);
            for (long e : entries) {
                row.add(Datum.of(e));
            }
            rows.add(Datum.of(row));
        }
        return Row.of(Map.of("entries", Datum.of(rows)));
    }

    static TimetableSnapshot decodeTimetable(Row row) {
        List<Datum> rows = list(row.getOrNull("entries"));
        long[][] entries = new long[rows.size()][];
        for (int b = 0; b < rows.size(); b++) {
            List<Datum> r = list(rows.get(b));
            entries[b] = new long[r.size()];
            for (int c = 0; c < r.size(); c++) {
                entries[b][c] = number(r.get(c));
            }
        }
        return TimetableSnapshot.of(entries);
    }
}
