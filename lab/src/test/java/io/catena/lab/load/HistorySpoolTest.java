package io.catena.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.OpValue;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every field of every kind of event comes back from the spool exactly, in append order. */
class HistorySpoolTest {

    @Test
    void everyOutcomeTypeAndAbsentFieldRoundTrips() {
        List<HistoryEvent> events = new ArrayList<>();
        for (TxnOutcome outcome : TxnOutcome.values()) {
            for (TxnType type : TxnType.values()) {
                for (Long completeMicros : new Long[] {null, 1_700_000_000_123_456L}) {
                    for (String version : new String[] {null, "1234.5"}) {
                        events.add(new HistoryEvent("c1-" + events.size(), "us-central1", type,
                                1_700_000_000_000_000L, completeMicros, outcome, version,
                                List.of(HistoryOp.read("kv/r1", OpValue.NIL))));
                    }
                }
            }
        }

        assertThat(roundTrip(events)).isEqualTo(events).hasSize(TxnOutcome.values().length * 2 * 2 * 2);
    }

    @Test
    void sessionsRoundTripAndSoDoesTheirAbsence() {
        List<HistoryEvent> events = new ArrayList<>();
        for (Long session : new Long[] {null, 0L, 1L, 4_000L, Long.MAX_VALUE}) {
            events.add(new HistoryEvent("c1-" + events.size(), session, "us-central1", TxnType.READ_WRITE, 5, 9L,
                    TxnOutcome.COMMITTED, null, List.of(HistoryOp.append("lists/k1", events.size()))));
        }

        assertThat(roundTrip(events)).isEqualTo(events);
    }

    @Test
    void everyFunctionWithEveryValueItMayCarryRoundTrips() {
        List<HistoryOp> ops = List.of(
                HistoryOp.append("lists/k1", 17),
                HistoryOp.readList("lists/k1"),
                HistoryOp.readList("lists/k1", 4L, -9L, Long.MIN_VALUE, Long.MAX_VALUE, 0L),
                HistoryOp.read("lists/k2", OpValue.NIL),
                HistoryOp.read("regs/k1", OpValue.of(-1)),
                HistoryOp.read("regs/k2", OpValue.of("c3-17")),
                HistoryOp.write("regs/k1", "c3-18"),
                new HistoryOp(OpFunction.WRITE, "regs/k3", OpValue.of(Long.MIN_VALUE)),
                HistoryOp.add("accounts/a1", -5),
                HistoryOp.add("accounts/a2", Long.MAX_VALUE));
        HistoryEvent event = new HistoryEvent("c3-17", "europe-west1", TxnType.READ_WRITE, 12, 40L,
                TxnOutcome.COMMITTED, "12.3", ops);

        assertThat(roundTrip(List.of(event))).containsExactly(event);
        assertThat(roundTrip(List.of(event(List.of())))).containsExactly(event(List.of()));
    }

    @Test
    void extremeTimesRoundTripAlthoughTheirDifferenceOverflows() {
        List<HistoryEvent> events = List.of(
                at(Long.MIN_VALUE, Long.MAX_VALUE),
                at(Long.MAX_VALUE, Long.MIN_VALUE),
                at(-1, 0L),
                at(0, null),
                at(Long.MAX_VALUE, null));

        assertThat(roundTrip(events)).isEqualTo(events);
    }

    @Test
    void emptyLargeAndNonAsciiStringsRoundTripExactly() {
        String large = "x\u00e9\u6771".repeat(100_000);
        List<String> texts = List.of("", "Z\u00fcrich", "\u6771\u4eac", "\ud83d\ude00 emoji", "\ud800 lone high",
                "lone low \udc00", "\u0000nul", "\u007f\u0080\u07ff\u0800\uffff", large);
        List<HistoryEvent> events = new ArrayList<>();
        for (String text : texts) {
            events.add(new HistoryEvent(text, text, TxnType.READ_WRITE, 1, 2L, TxnOutcome.COMMITTED, text,
                    List.of(HistoryOp.write(text, text), HistoryOp.read(text, OpValue.of(text)))));
        }

        List<HistoryEvent> decoded = roundTrip(events);

        assertThat(decoded).isEqualTo(events);
        assertThat(decoded.get(texts.size() - 1).id()).hasSize(large.length());
    }

    @Test
    void anEmptySpoolHoldsNothing() {
        HistorySpool spool = new HistorySpool();

        assertThat(spool.events()).isEmpty();
        assertThat(spool.size()).isZero();
        assertThat(spool.encodedBytes()).isZero();
    }

    @Test
    void eventsLargerThanAChunkSpanSeveralChunks() {
        HistoryEvent huge = event(List.of(HistoryOp.write("regs/k", "v".repeat(3 * HistorySpool.DEFAULT_CHUNK_BYTES))));
        HistorySpool spool = new HistorySpool();
        spool.append(event(List.of()));
        spool.append(huge);
        spool.append(event(List.of(HistoryOp.add("accounts/a", 1))));

        assertThat(spool.encodedBytes()).isGreaterThan(3L * HistorySpool.DEFAULT_CHUNK_BYTES);
        assertThat(spool.events()).containsExactly(event(List.of()), huge,
                event(List.of(HistoryOp.add("accounts/a", 1))));
    }

    @Test
    void manyEventsAcrossChunkBoundariesComeBackInOrder() {
        List<HistoryEvent> events = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            // Sizes vary, so that events begin and end at every offset in a chunk.
            events.add(new HistoryEvent("c2-" + i, "asia-east1", TxnType.READ_WRITE, 1_000L * i, 1_000L * i + i,
                    TxnOutcome.COMMITTED, i + ".0",
                    List.of(HistoryOp.write("kv/r" + i, "w".repeat(i % 37)), HistoryOp.append("lists/k", i))));
        }
        for (int chunkBytes : new int[] {1, 7, 64, 4096}) {
            HistorySpool spool = new HistorySpool(chunkBytes);
            events.forEach(spool::append);

            assertThat(spool.events()).as("chunks of %d bytes", chunkBytes).isEqualTo(events);
            assertThat(spool.size()).isEqualTo(events.size());
        }
    }

    @Test
    void decodedRegionsAndKeysAreSharedNotCopiedPerEvent() {
        HistorySpool spool = new HistorySpool();
        spool.append(event(List.of(HistoryOp.read("kv/r1", OpValue.NIL))));
        spool.append(event(List.of(HistoryOp.read("kv/r1", OpValue.NIL))));

        List<HistoryEvent> decoded = spool.events();

        assertThat(decoded.get(1).region()).isSameAs(decoded.get(0).region());
        assertThat(decoded.get(1).ops().get(0).key()).isSameAs(decoded.get(0).ops().get(0).key());
    }

    @Test
    void eachCallDecodesWhatWasAppendedBeforeIt() {
        HistorySpool spool = new HistorySpool(5);
        spool.append(at(1, 2L));
        List<HistoryEvent> before = spool.events();
        spool.append(at(3, 4L));

        assertThat(before).containsExactly(at(1, 2L));
        assertThat(spool.events()).containsExactly(at(1, 2L), at(3, 4L));
    }

    private static List<HistoryEvent> roundTrip(List<HistoryEvent> events) {
        HistorySpool spool = new HistorySpool();
        events.forEach(spool::append);
        return spool.events();
    }

    private static HistoryEvent event(List<HistoryOp> ops) {
        return new HistoryEvent("c1-1", "us-central1", TxnType.READ_WRITE, 100, 250L, TxnOutcome.COMMITTED, "7.1",
                ops);
    }

    private static HistoryEvent at(long invokeMicros, Long completeMicros) {
        return new HistoryEvent("c1-" + invokeMicros, "us-central1", TxnType.READ_ONLY, invokeMicros, completeMicros,
                completeMicros == null ? TxnOutcome.UNKNOWN : TxnOutcome.COMMITTED, null, List.of());
    }
}
