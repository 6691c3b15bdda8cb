package io.catena.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.OpValue;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Any history comes back from the spool equal and in order, whatever the chunk size: arbitrary
 * strings (any char, surrogates alone included), numbers over the whole long range, every outcome,
 * function and value. jqwik prints the seed of a failing run; rerun it with
 * {@code @Property(seed = "...")}.
 */
class HistorySpoolPropertyTest {

    @Property(tries = 300)
    void anyHistoryRoundTrips(@ForAll("histories") List<HistoryEvent> history,
                              @ForAll @IntRange(min = 1, max = 300) int chunkBytes) {
        HistorySpool spool = new HistorySpool(chunkBytes);
        history.forEach(spool::append);

        assertThat(spool.events()).isEqualTo(history);
    }

    @Provide
    Arbitrary<List<HistoryEvent>> histories() {
        return events().list().ofMaxSize(20);
    }

    private static Arbitrary<HistoryEvent> events() {
        Arbitrary<String> strings = Arbitraries.strings().all().ofMaxLength(30);
        return Combinators.combine(strings, strings, Arbitraries.of(TxnType.class), Arbitraries.longs(),
                        Arbitraries.longs().injectNull(0.2), Arbitraries.of(TxnOutcome.class),
                        strings.injectNull(0.3), ops(strings).list().ofMaxSize(6))
                .as(HistoryEvent::new);
    }

    private static Arbitrary<HistoryOp> ops(Arbitrary<String> keys) {
        Arbitrary<OpValue> ints = Arbitraries.longs().map(OpValue::of);
        Arbitrary<OpValue> texts = Arbitraries.strings().all().ofMaxLength(30).map(OpValue::of);
        Arbitrary<OpValue> lists = Arbitraries.longs().list().ofMaxSize(8).map(OpValue::ofList);
        Arbitrary<OpValue> nil = Arbitraries.just(OpValue.NIL);
        return Arbitraries.of(OpFunction.class).flatMap(f -> {
            Arbitrary<OpValue> values = switch (f) {
                case APPEND, ADD -> ints;
                case WRITE -> Arbitraries.oneOf(ints, texts);
                case READ -> Arbitraries.oneOf(nil, ints, texts, lists);
            };
            return Combinators.combine(keys, values).as((key, value) -> new HistoryOp(f, key, value));
        });
    }
}
