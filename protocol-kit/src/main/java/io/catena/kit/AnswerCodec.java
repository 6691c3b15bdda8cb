package io.catena.kit;

import static io.catena.kit.RowCodec.NONE;
import static io.catena.kit.RowCodec.reads;
import static io.catena.kit.RowCodec.request;
import static io.catena.kit.RowCodec.row;
import static io.catena.kit.RowCodec.text;
import static io.catena.kit.RowCodec.version;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import java.util.Map;
import java.util.TreeMap;

/**
 * The answers a home keeps for retries and lookups ({@link Outcomes}) as rows of its stable
 * records ({@link StableRecords}): answer {@code sequence} under the row {@code a/SEQUENCE}, so a
 * protocol that keeps records of its own in the same partition names them with another prefix.
 */
public final class AnswerCodec {

    private AnswerCodec() {
    }

    /** The row of the answer {@code sequence} in a home's window ({@link Outcomes}). */
    public static String answerRow(long sequence) {
        return "a/" + sequence;
    }

    public static boolean isAnswer(String row) {
        return row.startsWith("a/");
    }

    /** The sequence an answer row is named by, which orders the window. */
    public static long answerSequence(String row) {
        return Long.parseLong(row.substring(2));
    }

    /** An answer a home gave a client, kept for the request's retries and lookups. */
    public static Row encode(TxnReply reply) {
        TxnResult result = reply.result();
        Map<String, Datum> c = new TreeMap<>();
        c.put("request", request(reply.request()));
        c.put("outcome", Datum.of(result.outcome().name()));
        c.put("reason", result.reason() == null ? NONE : Datum.of(result.reason()));
        c.put("reads", reads(result.reads()));
        c.put("outputs", row(result.outputs()));
        c.put("version", version(reply.version()));
        c.put("contended", Datum.of(reply.contended() ? 1 : 0));
        return Row.of(c);
    }

    public static TxnReply decodeReply(Row row) {
        Datum reason = row.getOrNull("reason");
        TxnResult result = new TxnResult(Outcome.valueOf(text(row.getOrNull("outcome"))),
                reason.equals(NONE) ? null : text(reason), reads(row.getOrNull("reads")), row(row.getOrNull("outputs")));
        return new TxnReply(request(row.getOrNull("request")), result, version(row.getOrNull("version")),
                row.getLong("contended", 0) == 1);
    }
}
