package io.catena.baselines.wire;

import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.ClaimReply;
import io.catena.baselines.message.ClaimVerdict;
import io.catena.baselines.message.CommitApplied;
import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.KeyClaim;
import io.catena.baselines.message.ReleaseKeys;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.txn.Access;
import io.catena.kit.KeyCommit;
import io.catena.wire.Frame;
import io.catena.wire.NodeMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * The baselines' frames whose JSON encodings are fixed in {@code golden-frames.jsonl}: a bank
 * transfer in Paxos Commit over 2PL between its home coordinator and a peer region's (the claim,
 * the grant, the commit and its acknowledgement), then OCC, every verdict, a release, a delete.
 */
final class BaselineFrames {

    private static final RegionId HOME = RegionId.of(1);
    /** The transfer, attempt 0, of transaction 7 of the home region. */
    private static final TxnId TRANSFER = new TxnId(1_000_123, HOME, 7);

    private BaselineFrames() {
    }

    /** Lock both accounts (2PL: no observed versions). */
    static NodeMessage claimKeys() {
        return toPeer(new ClaimKeys(TRANSFER, 0, List.of(
                new KeyClaim(ChainKey.of("accounts", "acct-17"), Access.READ_WRITE, null),
                new KeyClaim(ChainKey.of("accounts", "acct-99"), Access.READ_WRITE, null))));
    }

    /** Both locks granted, with the versions the home must have applied before it reads. */
    static NodeMessage claimGranted() {
        return toHome(new ClaimReply(TRANSFER, 0, ClaimVerdict.GRANTED,
                List.of(Version.of(1_000_120, 3), Version.of(1_000_118, 0))));
    }

    /** Both balances, each built on the version the grant reported. */
    static NodeMessage commitWrites() {
        return toPeer(new CommitWrites(TRANSFER, 0, Version.of(1_000_125, 2), List.of(
                new KeyCommit(ChainKey.of("accounts", "acct-17"), Version.of(1_000_120, 3),
                        List.of(RowWrite.put("", Row.of("balance", 95_000)))),
                new KeyCommit(ChainKey.of("accounts", "acct-99"), Version.of(1_000_118, 0),
                        List.of(RowWrite.put("", Row.of("balance", 102_500)))))));
    }

    static NodeMessage commitApplied() {
        return toHome(new CommitApplied(TRANSFER, 0));
    }

    /** In the order of {@code golden-frames.jsonl}. */
    static List<Frame> golden() {
        List<Frame> frames = new ArrayList<>(List.of(claimKeys(), claimGranted(), commitWrites(), commitApplied()));
        NodeId home = NodeId.coordinator(RegionId.of(2));
        NodeId peer = NodeId.coordinator(RegionId.of(0));
        TxnId txn = new TxnId(9, RegionId.of(2), 1);
        frames.add(new NodeMessage(home, peer, new ClaimKeys(txn, 3, List.of(
                new KeyClaim(ChainKey.of("t", "p"), Access.READ, Version.of(8, 4)),
                new KeyClaim(ChainKey.of("t", "q"), Access.WRITE, Version.ZERO)))));
        frames.add(new NodeMessage(peer, home, new ClaimReply(txn, 3, ClaimVerdict.REFUSED, List.of())));
        frames.add(new NodeMessage(peer, home,
                new ClaimReply(txn, Integer.MAX_VALUE, ClaimVerdict.WOUNDED, List.of())));
        frames.add(new NodeMessage(home, peer, new ReleaseKeys(txn, 3)));
        frames.add(new NodeMessage(home, peer, new CommitWrites(txn, 3, Version.of(9, 0), List.of(
                new KeyCommit(ChainKey.of("t", "p"), Version.of(8, 4), List.of()),
                new KeyCommit(ChainKey.of("t", "q"), Version.ZERO, List.of(RowWrite.put("c", Row.EMPTY),
                        RowWrite.delete("d")))))));
        return frames;
    }

    private static NodeMessage toPeer(Message m) {
        return new NodeMessage(NodeId.coordinator(HOME), NodeId.coordinator(RegionId.of(2)), m);
    }

    private static NodeMessage toHome(Message m) {
        return new NodeMessage(NodeId.coordinator(RegionId.of(2)), NodeId.coordinator(HOME), m);
    }
}
