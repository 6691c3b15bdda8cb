package io.catena.baselines.wire;

import static io.catena.wire.CoreArbitraries.accesses;
import static io.catena.wire.CoreArbitraries.chainKeys;
import static io.catena.wire.CoreArbitraries.nonNegativeInts;
import static io.catena.wire.CoreArbitraries.rowWrites;
import static io.catena.wire.CoreArbitraries.txnIds;
import static io.catena.wire.CoreArbitraries.versions;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.baselines.message.BaselineMessageType;
import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.ClaimReply;
import io.catena.baselines.message.ClaimVerdict;
import io.catena.baselines.message.CommitApplied;
import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.KeyClaim;
import io.catena.baselines.message.ReleaseKeys;
import io.catena.core.message.Message;
import io.catena.core.message.MessageKind;
import io.catena.kit.KeyCommit;
import io.catena.wire.Frame;
import io.catena.wire.codec.PluginSchema;
import io.catena.wire.codec.PluginSchemaSuite;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;

class BaselineSchemaTest extends PluginSchemaSuite {

    /** A ClaimKeys body up to its first claim. */
    private static final String CLAIM = "{\"type\":19,\"message\":{\"txn\":[1,0,0],\"attempt\":0,\"claims\":[";
    /** A CommitWrites body up to the first write of its first key. */
    private static final String COMMIT = "{\"type\":22,\"message\":{\"txn\":[1,0,0],\"attempt\":0,\"version\":[1,0],"
            + "\"keys\":[{\"key\":[\"t\",\"p\"],\"observed\":[0,0],\"writes\":[";

    @Override
    protected Class<? extends PluginSchema> schema() {
        return BaselineSchema.class;
    }

    @Override
    protected Map<MessageKind, Arbitrary<? extends Message>> byKind() {
        Map<MessageKind, Arbitrary<? extends Message>> byKind = new LinkedHashMap<>();
        byKind.put(BaselineMessageType.CLAIM_KEYS, Combinators.combine(txnIds(), nonNegativeInts(),
                keyClaims().list().ofMinSize(1).ofMaxSize(4)).as(ClaimKeys::new));
        byKind.put(BaselineMessageType.CLAIM_REPLY, Combinators.combine(txnIds(), nonNegativeInts(),
                Arbitraries.of(ClaimVerdict.class), versions().list().ofMaxSize(4)).as(ClaimReply::new));
        byKind.put(BaselineMessageType.RELEASE_KEYS, Combinators.combine(txnIds(), nonNegativeInts()).as(ReleaseKeys::new));
        byKind.put(BaselineMessageType.COMMIT_WRITES, Combinators.combine(txnIds(), nonNegativeInts(), versions(),
                keyCommits().list().ofMinSize(1).ofMaxSize(3)).as(CommitWrites::new));
        byKind.put(BaselineMessageType.COMMIT_APPLIED, Combinators.combine(txnIds(), nonNegativeInts()).as(CommitApplied::new));
        return byKind;
    }

    @Override
    protected List<Frame> goldenFrames() {
        return BaselineFrames.golden();
    }

    @Override
    protected List<Malformed> malformed() {
        return List.of(
                new Malformed(CLAIM + "{\"key\":[\"t\",\"p\"],\"access\":0}]}}", "KeyClaim.observed is missing"),
                new Malformed(COMMIT + "{\"clustering\":\"c\"}]}]}}", "RowWrite.row is missing"),
                new Malformed(COMMIT + "{\"row\":null,\"clustering\":\"c\"}]}]}}",
                        "unexpected field 'row' where RowWrite.clustering belongs"),
                new Malformed("{\"type\":22,\"message\":{\"txn\":[1,0,0],\"attempt\":0,\"version\":[1,0],\"keys\":[{\"key\":[\"t\",\"p\"],"
                        + "\"observed\":null,\"writes\":[]}]}}", "KeyCommit.observed must not be null"),
                new Malformed(COMMIT + "{\"clustering\":null,\"row\":{}}]}]}}", "RowWrite.clustering must not be null"),
                new Malformed("{\"type\":23,\"message\":{\"txn\":[1,0,0],\"attempt\":2147483648}}",
                        "CommitApplied.attempt does not fit in 32 bits"),
                new Malformed("{\"type\":20,\"message\":{\"txn\":[1,0,0],\"attempt\":0,\"verdict\":0,\"versions\":[[1,0],null]}}",
                        "ClaimReply.versions contains null"),
                new Malformed("{\"type\":20,\"message\":{\"txn\":[1,0,0],\"attempt\":0,\"verdict\":3,\"versions\":[]}}",
                        "ClaimVerdict code 3 is unknown"),
                new Malformed(CLAIM + "{\"key\":[\"t\",\"p\"],\"access\":3,\"observed\":null}]}}", "Access code 3 is unknown"),
                new Malformed(CLAIM + "]}}", "a claim names a transaction, an attempt and at least one key"),
                new Malformed("{\"type\":21,\"message\":{\"txn\":[1,0,0],\"attempt\":-1}}", "a release names a transaction and an attempt"),
                new Malformed("{\"type\":22,\"message\":{\"txn\":[1,0,0],\"attempt\":0,\"version\":[1,0],\"keys\":[]}}",
                        "a commit names its transaction, attempt, version and keys"));
    }

    @Override
    protected List<Frame> typicalFrames() {
        return List.of(BaselineFrames.claimKeys(), BaselineFrames.claimGranted(), BaselineFrames.commitWrites(),
                BaselineFrames.commitApplied());
    }

    @Example
    void everyVerdictHasAWireCode() {
        assertThat(BaselineSchema.VERDICTS.inWireOrder()).containsExactlyInAnyOrder(ClaimVerdict.values());
    }

    /** Locking claims (no observed version) about one time in three. */
    private static Arbitrary<KeyClaim> keyClaims() {
        return Combinators.combine(chainKeys(), accesses(), versions().injectNull(0.3)).as(KeyClaim::new);
    }

    /** With no writes (a key only read), puts, deletes, or a mix. */
    private static Arbitrary<KeyCommit> keyCommits() {
        return Combinators.combine(chainKeys(), versions(), rowWrites().list().ofMaxSize(3)).as(KeyCommit::new);
    }
}
