package io.catena.lab.load;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.OpValue;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The compact binary form in which {@link HistorySpool} keeps a {@link HistoryEvent}: every field
 * of the event, its ops and their values, so that decoding gives back an equal event.
 *
 * <p>An event is a header byte (outcome ordinal in bits 0–2, then flags for read-only, completed,
 * has-version and has-session), the id, the session if any, the region, {@code invokeMicros},
 * {@code completeMicros} less {@code invokeMicros} if completed (a latency: two or three bytes
 * instead of eight), the version if any, the number of ops and the ops. An op is a header byte
 * (function ordinal in bits 0–1, value kind in bits 2–3), the key and the value: nothing for null,
 * a number, a count and that many numbers, or a string. Counts are varints, numbers zig-zag varints, strings as
 * {@link ByteSink#writeString}.
 *
 * <p>Enum ordinals are safe here, unlike on a wire or in a file, because the bytes never leave the
 * JVM that wrote them.
 */
final class HistoryEventCodec {

    private static final int OUTCOME_MASK = 0b111;
    private static final int READ_ONLY = 1 << 3;
    private static final int COMPLETED = 1 << 4;
    private static final int HAS_VERSION = 1 << 5;
    private static final int HAS_SESSION = 1 << 6;

    private static final int FUNCTION_MASK = 0b11;
    private static final int VALUE_SHIFT = 2;
    private static final int NIL = 0;
    private static final int INT = 1;
    private static final int INT_LIST = 2;
    private static final int TEXT = 3;

    // values() copies its array on every call; decoding looks one up per event and per op.
    private static final TxnOutcome[] OUTCOMES = TxnOutcome.values();
    private static final OpFunction[] FUNCTIONS = OpFunction.values();

    static {
        // A new outcome or function must widen its field rather than spill into the flags.
        if (OUTCOMES.length > OUTCOME_MASK + 1 || FUNCTIONS.length > FUNCTION_MASK + 1) {
            throw new AssertionError("the header bits no longer hold every outcome and function");
        }
    }

    private HistoryEventCodec() {
    }

    static void encode(HistoryEvent event, ByteSink out) {
        int header = event.outcome().ordinal()
                | (event.type() == TxnType.READ_ONLY ? READ_ONLY : 0)
                | (event.completeMicros() != null ? COMPLETED : 0)
                | (event.version() != null ? HAS_VERSION : 0)
                | (event.session() != null ? HAS_SESSION : 0);
        out.writeByte(header);
        out.writeString(event.id());
        if (event.session() != null) {
            out.writeVarLong(event.session());
        }
        out.writeString(event.region());
        out.writeVarLong(event.invokeMicros());
        if (event.completeMicros() != null) {
            // Wraps for extreme values, and decoding wraps back: two's complement keeps it exact.
            out.writeVarLong(event.completeMicros() - event.invokeMicros());
        }
        if (event.version() != null) {
            out.writeString(event.version());
        }
        out.writeUnsignedVarLong(event.ops().size());
        for (HistoryOp op : event.ops()) {
            encode(op, out);
        }
    }

    private static void encode(HistoryOp op, ByteSink out) {
        OpValue value = op.value();
        int kind = value instanceof OpValue.Int ? INT
                : value instanceof OpValue.IntList ? INT_LIST
                : value instanceof OpValue.Text ? TEXT
                : NIL;
        out.writeByte(op.f().ordinal() | kind << VALUE_SHIFT);
        out.writeString(op.key());
        if (value instanceof OpValue.Int i) {
            out.writeVarLong(i.value());
        } else if (value instanceof OpValue.IntList list) {
            out.writeUnsignedVarLong(list.values().size());
            for (long element : list.values()) {
                out.writeVarLong(element);
            }
        } else if (value instanceof OpValue.Text text) {
            out.writeString(text.value());
        }
    }

    /**
     * Decodes the next event from {@code in}.
     *
     * @param names regions and keys decoded so far, each as its first decoded string: they repeat
     *              from event to event, and sharing them keeps the decoded history no larger than
     *              one recorded as objects
     */
    static HistoryEvent decode(ChunkSource in, Map<String, String> names) {
        int header = in.readByte();
        String id = in.readString();
        Long session = (header & HAS_SESSION) != 0 ? in.readVarLong() : null;
        String region = shared(in.readString(), names);
        long invokeMicros = in.readVarLong();
        Long completeMicros = (header & COMPLETED) != 0 ? invokeMicros + in.readVarLong() : null;
        String version = (header & HAS_VERSION) != 0 ? in.readString() : null;
        int opCount = in.readCount();
        List<HistoryOp> ops = new ArrayList<>(opCount);
        for (int i = 0; i < opCount; i++) {
            ops.add(decodeOp(in, names));
        }
        return new HistoryEvent(id, session, region,
                (header & READ_ONLY) != 0 ? TxnType.READ_ONLY : TxnType.READ_WRITE, invokeMicros, completeMicros,
                OUTCOMES[header & OUTCOME_MASK], version, ops);
    }

    private static HistoryOp decodeOp(ChunkSource in, Map<String, String> names) {
        int header = in.readByte();
        OpFunction f = FUNCTIONS[header & FUNCTION_MASK];
        String key = shared(in.readString(), names);
        int kind = header >>> VALUE_SHIFT;
        OpValue value = switch (kind) {
            case NIL -> OpValue.NIL;
            case INT -> OpValue.of(in.readVarLong());
            case INT_LIST -> {
                int count = in.readCount();
                List<Long> elements = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    elements.add(in.readVarLong());
                }
                yield OpValue.ofList(elements);
            }
            case TEXT -> OpValue.of(in.readString());
            default -> throw new IllegalStateException("a history op with value kind " + kind
                    + ": the spool's bytes are corrupt");
        };
        return new HistoryOp(f, key, value);
    }

    private static String shared(String name, Map<String, String> names) {
        String earlier = names.putIfAbsent(name, name);
        return earlier != null ? earlier : name;
    }
}
