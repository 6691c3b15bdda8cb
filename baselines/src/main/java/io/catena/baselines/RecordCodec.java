package io.catena.baselines;

import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.KeyClaim;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Access;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import io.catena.kit.KeyCommit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Encodes the baselines' stable records ({@link StableRecords}) as rows: grants, decisions, and
 * the answers a home keeps for retries ({@link Outcomes}). Each record is one row whose columns
 * hold nested lists ({@link Datum.Seq}), so that a record of any number of keys and writes is one
 * row of the store's own data model, readable by every adapter.
 */
final class RecordCodec {

    /** What a region granted a transaction's attempt: Paxos Commit's prepared record. */
    record Grant(TxnId txn, int attempt, NodeId home, List<KeyClaim> claims) {
    }

    /** What a home decided: the commit it sends every region, and what it answers its client. */
    record Decision(RequestId request, NodeId client, CommitWrites commit, TxnResult result) {
    }

    private static final Datum NONE = Datum.of(-1);

    private RecordCodec() {
    }

    /** The row a transaction's grant is kept under; distinct from its decision's. */
    static String grantRow(TxnId txn) {
        return "g/" + txn.epoch() + "/" + txn.origin().index() + "/" + txn.position();
    }

    static String decisionRow(TxnId txn) {
        return "d/" + txn.epoch() + "/" + txn.origin().index() + "/" + txn.position();
    }

    /** The row of the answer {@code sequence} in a home's window ({@link Outcomes}). */
    static String answerRow(long sequence) {
        return "a/" + sequence;
    }

    static boolean isGrant(String row) {
        return row.startsWith("g/");
    }

    static boolean isAnswer(String row) {
        return row.startsWith("a/");
    }

    /** The sequence an answer row is named by, which orders the window. */
    static long answerSequence(String row) {
        return Long.parseLong(row.substring(2));
    }

    static Row encode(Grant g) {
        List<Datum> claims = new ArrayList<>(g.claims().size());
        for (KeyClaim c : g.claims()) {
            claims.add(seq(key(c.key()), Datum.of(c.access().name()), version(c.observed())));
        }
        Map<String, Datum> c = new TreeMap<>();
        c.put("txn", txn(g.txn()));
        c.put("attempt", Datum.of(g.attempt()));
        c.put("home", Datum.of(g.home().region().index()));
        c.put("claims", Datum.of(claims));
        return Row.of(c);
    }

    static Grant decodeGrant(Row row) {
        List<KeyClaim> claims = new ArrayList<>();
        for (Datum d : list(row.getOrNull("claims"))) {
            List<Datum> c = list(d);
            claims.add(new KeyClaim(key(c.get(0)), Access.valueOf(text(c.get(1))), version(c.get(2))));
        }
        return new Grant(txn(row.getOrNull("txn")), (int) row.getLong("attempt", 0),
                NodeId.coordinator(RegionId.of((int) row.getLong("home", 0))), claims);
    }

    static Row encode(Decision d) {
        CommitWrites commit = d.commit();
        List<Datum> keys = new ArrayList<>(commit.keys().size());
        for (KeyCommit k : commit.keys()) {
            List<Datum> writes = new ArrayList<>(k.writes().size());
            k.writes().forEach(w -> writes.add(seq(Datum.of(w.clustering()), w.isDelete() ? NONE : row(w.row()))));
            keys.add(seq(key(k.key()), version(k.observed()), Datum.of(writes)));
        }
        Map<String, Datum> c = new TreeMap<>();
        c.put("txn", txn(commit.txn()));
        c.put("attempt", Datum.of(commit.attempt()));
        c.put("version", version(commit.version()));
        c.put("keys", Datum.of(keys));
        c.put("request", request(d.request()));
        c.put("client", seq(Datum.of(d.client().region().index()), Datum.of(d.client().role().name()),
                Datum.of(d.client().index())));
        c.put("reads", reads(d.result().reads()));
        c.put("outputs", row(d.result().outputs()));
        return Row.of(c);
    }

    static Decision decodeDecision(Row row) {
        List<KeyCommit> keys = new ArrayList<>();
        for (Datum d : list(row.getOrNull("keys"))) {
            List<Datum> k = list(d);
            List<RowWrite> writes = new ArrayList<>();
            for (Datum w : list(k.get(2))) {
                List<Datum> write = list(w);
                String clustering = text(write.get(0));
                writes.add(write.get(1).equals(NONE) ? RowWrite.delete(clustering) : RowWrite.put(clustering, row(write.get(1))));
            }
            keys.add(new KeyCommit(key(k.get(0)), version(k.get(1)), writes));
        }
        List<Datum> client = list(row.getOrNull("client"));
        CommitWrites commit = new CommitWrites(txn(row.getOrNull("txn")), (int) row.getLong("attempt", 0),
                version(row.getOrNull("version")), keys);
        return new Decision(request(row.getOrNull("request")),
                new NodeId(RegionId.of((int) number(client.get(0))), NodeId.Role.valueOf(text(client.get(1))),
                        (int) number(client.get(2))),
                commit, TxnResult.committed(reads(row.getOrNull("reads")), row(row.getOrNull("outputs"))));
    }

    /** An answer a home gave a client, kept for the request's retries and lookups. */
    static Row encode(TxnReply reply) {
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

    static TxnReply decodeReply(Row row) {
        Datum reason = row.getOrNull("reason");
        TxnResult result = new TxnResult(Outcome.valueOf(text(row.getOrNull("outcome"))),
                reason.equals(NONE) ? null : text(reason), reads(row.getOrNull("reads")), row(row.getOrNull("outputs")));
        return new TxnReply(request(row.getOrNull("request")), result, version(row.getOrNull("version")),
                row.getLong("contended", 0) == 1);
    }

    private static Datum request(RequestId r) {
        return seq(Datum.of(r.client()), Datum.of(r.sequence()));
    }

    private static RequestId request(Datum d) {
        List<Datum> r = list(d);
        return new RequestId(number(r.get(0)), number(r.get(1)));
    }

    private static Datum reads(List<ReadResult> reads) {
        List<Datum> encoded = new ArrayList<>(reads.size());
        for (ReadResult r : reads) {
            encoded.add(seq(key(r.key().chainKey()), Datum.of(r.key().clustering()), r.row() == null ? NONE : row(r.row())));
        }
        return Datum.of(encoded);
    }

    private static List<ReadResult> reads(Datum d) {
        List<ReadResult> reads = new ArrayList<>();
        for (Datum e : list(d)) {
            List<Datum> r = list(e);
            reads.add(new ReadResult(new RowKey(key(r.get(0)), text(r.get(1))), r.get(2).equals(NONE) ? null : row(r.get(2))));
        }
        return reads;
    }

    private static Datum txn(TxnId t) {
        return seq(Datum.of(t.epoch()), Datum.of(t.origin().index()), Datum.of(t.position()));
    }

    private static TxnId txn(Datum d) {
        List<Datum> t = list(d);
        return new TxnId(number(t.get(0)), RegionId.of((int) number(t.get(1))), (int) number(t.get(2)));
    }

    private static Datum key(ChainKey k) {
        return seq(Datum.of(k.table()), Datum.of(k.partition()));
    }

    private static ChainKey key(Datum d) {
        List<Datum> k = list(d);
        return ChainKey.of(text(k.get(0)), text(k.get(1)));
    }

    private static Datum version(Version v) {
        return v == null ? NONE : seq(Datum.of(v.epoch()), Datum.of(v.rank()));
    }

    private static Version version(Datum d) {
        if (d.equals(NONE)) {
            return null;
        }
        List<Datum> v = list(d);
        return Version.of(number(v.get(0)), (int) number(v.get(1)));
    }

    /** A row as the list of its column names and values, alternating. */
    private static Datum row(Row r) {
        List<Datum> columns = new ArrayList<>(2 * r.size());
        r.forEach((name, value) -> {
            columns.add(Datum.of(name));
            columns.add(value);
        });
        return Datum.of(columns);
    }

    private static Row row(Datum d) {
        List<Datum> columns = list(d);
        Map<String, Datum> c = new TreeMap<>();
        for (int i = 0; i < columns.size(); i += 2) {
            c.put(text(columns.get(i)), columns.get(i + 1));
        }
        return Row.of(c);
    }

    private static Datum seq(Datum... values) {
        return Datum.of(List.of(values));
    }

    private static List<Datum> list(Datum d) {
        return ((Datum.Seq) d).values();
    }

    private static String text(Datum d) {
        return ((Datum.Text) d).value();
    }

    private static long number(Datum d) {
        return ((Datum.Int64) d).value();
    }
}
