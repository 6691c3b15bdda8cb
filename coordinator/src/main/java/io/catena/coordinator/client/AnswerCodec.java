package io.catena.coordinator.client;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Encodes a client's answer as one row of the region's answer table, so it survives the
 * coordinator. Columns: {@code outcome}, {@code reason}, {@code epoch}/{@code rank} (version),
 * {@code contended}, {@code out.NAME} (outputs), and per read {@code i}: {@code rN.table},
 * {@code rN.partition}, {@code rN.clustering}, {@code rN.exists}, {@code rN.col.NAME}.
 */
public final class AnswerCodec {

    private AnswerCodec() {
    }

    /** A decided answer: what the client is told. */
    public record Answer(TxnResult result, Version version, boolean contended) {
    }

    public static Row encode(Answer a) {
        Map<String, Datum> c = new TreeMap<>();
        c.put("outcome", Datum.of(a.result().outcome().name()));
        if (a.result().reason() != null) {
            c.put("reason", Datum.of(a.result().reason()));
        }
        if (a.version() != null) {
            c.put("epoch", Datum.of(a.version().epoch()));
            c.put("rank", Datum.of(a.version().rank()));
        }
        c.put("contended", Datum.of(a.contended() ? 1 : 0));
        a.result().outputs().forEach((k, v) -> c.put("out." + k, v));
        List<ReadResult> reads = a.result().reads();
        c.put("reads", Datum.of(reads.size()));
        for (int i = 0; i < reads.size(); i++) {
            ReadResult r = reads.get(i);
            String p = "r" + i + ".";
            c.put(p + "table", Datum.of(r.key().chainKey().table()));
            c.put(p + "partition", Datum.of(r.key().chainKey().partition()));
            c.put(p + "clustering", Datum.of(r.key().clustering()));
            c.put(p + "exists", Datum.of(r.row() == null ? 0 : 1));
            if (r.row() != null) {
                String q = p + "col.";
                r.row().forEach((k, v) -> c.put(q + k, v));
            }
        }
        return Row.of(c);
    }

    public static Answer decode(Row row) {
        Outcome outcome = Outcome.valueOf(text(row, "outcome"));
        String reason = row.getOrNull("reason") == null ? null : text(row, "reason");
        Version version = row.getOrNull("epoch") == null ? null
                : Version.of(row.getLong("epoch", 0), (int) row.getLong("rank", 0));
        Map<String, Datum> outputs = new TreeMap<>();
        row.forEach((k, v) -> {
            if (k.startsWith("out.")) {
                outputs.put(k.substring(4), v);
            }
        });
        List<ReadResult> reads = new ArrayList<>();
        long n = row.getLong("reads", 0);
        for (int i = 0; i < n; i++) {
            String p = "r" + i + ".";
            RowKey key = new RowKey(ChainKey.of(text(row, p + "table"), text(row, p + "partition")),
                    text(row, p + "clustering"));
            Row value = null;
            if (row.getLong(p + "exists", 0) == 1) {
                Map<String, Datum> cols = new TreeMap<>();
                String q = p + "col.";
                row.columns().tailMap(q).forEach((k, v) -> {
                    if (k.startsWith(q)) {
                        cols.put(k.substring(q.length()), v);
                    }
                });
                value = Row.of(cols);
            }
            reads.add(new ReadResult(key, value));
        }
        TxnResult result = new TxnResult(outcome, reason, reads, Row.of(outputs));
        return new Answer(result, version, row.getLong("contended", 0) == 1);
    }

    private static String text(Row row, String column) {
        return ((Datum.Text) row.getOrNull(column)).value();
    }
}
