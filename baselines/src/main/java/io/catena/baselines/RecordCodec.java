package io.catena.baselines;

import static io.catena.kit.RowCodec.NONE;
import static io.catena.kit.RowCodec.key;
import static io.catena.kit.RowCodec.keyCommits;
import static io.catena.kit.RowCodec.list;
import static io.catena.kit.RowCodec.number;
import static io.catena.kit.RowCodec.reads;
import static io.catena.kit.RowCodec.request;
import static io.catena.kit.RowCodec.row;
import static io.catena.kit.RowCodec.seq;
import static io.catena.kit.RowCodec.text;
import static io.catena.kit.RowCodec.txn;
import static io.catena.kit.RowCodec.version;

import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.KeyClaim;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Access;
import io.catena.core.txn.TxnResult;
import io.catena.kit.AnswerCodec;
import io.catena.kit.KeyCommit;
import io.catena.kit.RowCodec;
import io.catena.kit.StableRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Encodes the baselines' own stable records ({@link StableRecords}) as rows: grants and decisions,
 * under rows of their own beside the answers a home keeps ({@link AnswerCodec}). Each record is
 * one row whose columns hold the kit's encodings of its values ({@link RowCodec}).
 */
final class RecordCodec {

    /** What a region granted a transaction's attempt: Paxos Commit's prepared record. */
    record Grant(TxnId txn, int attempt, NodeId home, List<KeyClaim> claims) {
    }

    /** What a home decided: the commit it sends every region, and what it answers its client. */
    record Decision(RequestId request, NodeId client, CommitWrites commit, TxnResult result) {
    }

    private RecordCodec() {
    }

    /** The row a transaction's grant is kept under; distinct from its decision's. */
    static String grantRow(TxnId txn) {
        return "g/" + txn.epoch() + "/" + txn.origin().index() + "/" + txn.position();
    }

    static String decisionRow(TxnId txn) {
        return "d/" + txn.epoch() + "/" + txn.origin().index() + "/" + txn.position();
    }

    static boolean isGrant(String row) {
        return row.startsWith("g/");
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
        Map<String, Datum> c = new TreeMap<>();
        c.put("txn", txn(commit.txn()));
        c.put("attempt", Datum.of(commit.attempt()));
        c.put("version", version(commit.version()));
        c.put("keys", keyCommits(commit.keys()));
        c.put("request", request(d.request()));
        c.put("client", seq(Datum.of(d.client().region().index()), Datum.of(d.client().role().name()),
                Datum.of(d.client().index())));
        c.put("reads", reads(d.result().reads()));
        c.put("outputs", row(d.result().outputs()));
        return Row.of(c);
    }

    static Decision decodeDecision(Row row) {
        List<KeyCommit> keys = keyCommits(row.getOrNull("keys"));
        List<Datum> client = list(row.getOrNull("client"));
        CommitWrites commit = new CommitWrites(txn(row.getOrNull("txn")), (int) row.getLong("attempt", 0),
                version(row.getOrNull("version")), keys);
        return new Decision(request(row.getOrNull("request")),
                new NodeId(RegionId.of((int) number(client.get(0))), NodeId.Role.valueOf(text(client.get(1))),
                        (int) number(client.get(2))),
                commit, TxnResult.committed(reads(row.getOrNull("reads")), row(row.getOrNull("outputs"))));
    }
}
