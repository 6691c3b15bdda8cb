package io.catena.wire;

import static io.catena.wire.CoreArbitraries.chainKeys;
import static io.catena.wire.CoreArbitraries.requests;
import static io.catena.wire.CoreArbitraries.results;
import static io.catena.wire.CoreArbitraries.rowKeys;
import static io.catena.wire.CoreArbitraries.specs;
import static io.catena.wire.CoreArbitraries.versions;

import io.catena.core.message.Message;
import io.catena.core.message.MessageKind;
import io.catena.core.message.MessageType;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** jqwik arbitraries for core's {@link Message}s, keyed by kind; each protocol's wire module has its own. */
public final class MessageArbitraries {

    private MessageArbitraries() {
    }

    /** Every core message type with a generator of its messages; tests check no type is missing. */
    public static Map<MessageKind, Arbitrary<? extends Message>> byType() {
        Map<MessageKind, Arbitrary<? extends Message>> byType = new LinkedHashMap<>();
        byType.put(MessageType.SUBMIT_TXN, Combinators.combine(requests(), specs(), Arbitraries.longs()).as(SubmitTxn::new));
        byType.put(MessageType.SUBMIT_READ_ONLY, Combinators.combine(requests(), rowKeys().list().ofMaxSize(4),
                versions().injectNull(0.2), chainKeys().list().ofMaxSize(3)).as(SubmitReadOnly::new));
        byType.put(MessageType.TXN_REPLY, Combinators.combine(requests(), results(), versions().injectNull(0.3),
                Arbitraries.of(true, false)).as(TxnReply::new));
        byType.put(MessageType.QUERY_OUTCOME, Combinators.combine(requests(), requests()).as(QueryOutcome::new));
        return byType;
    }

    /** Any core message, every type equally likely. */
    public static Arbitrary<Message> messages() {
        return Arbitraries.oneOf(List.copyOf(byType().values()));
    }
}
