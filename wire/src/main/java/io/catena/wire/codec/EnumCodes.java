package io.catena.wire.codec;

import java.util.EnumSet;
import java.util.List;

/**
 * The fixed wire codes of one enum: a constant's code is its position in the list given here,
 * not its ordinal or name in core, so reordering or renaming a core constant cannot silently
 * change the wire format. Building the table fails if the list misses or repeats a constant, so
 * a constant added to core fails the codec's tests until it is given a code here (append only).
 *
 * <p>Immutable and thread-safe.
 */
public final class EnumCodes<E extends Enum<E>> {

    private final String typeName;
    private final Object[] byCode;
    private final int[] codeByOrdinal;

    @SafeVarargs
    public EnumCodes(Class<E> type, E... inWireOrder) {
        EnumSet<E> all = EnumSet.allOf(type);
        EnumSet<E> listed = EnumSet.noneOf(type);
        for (E e : inWireOrder) {
            if (!listed.add(e)) {
                throw new IllegalStateException(type.getName() + "." + e + " has two wire codes");
            }
        }
        if (!listed.equals(all)) {
            all.removeAll(listed);
            throw new IllegalStateException(type.getName() + " constants without a wire code: " + all);
        }
        // Nested enums read better with their owner: "ErrorNotice.Code", not "Code".
        this.typeName = type.getName().substring(type.getName().lastIndexOf('.') + 1).replace('$', '.');
        this.byCode = new Object[inWireOrder.length];
        this.codeByOrdinal = new int[inWireOrder.length];
        for (int code = 0; code < inWireOrder.length; code++) {
            byCode[code] = inWireOrder[code];
            codeByOrdinal[inWireOrder[code].ordinal()] = code;
        }
    }

    public int code(E constant) {
        return codeByOrdinal[constant.ordinal()];
    }

    @SuppressWarnings("unchecked")
    public E constant(int code) throws SchemaViolation {
        if (code < 0 || code >= byCode.length) {
            throw new SchemaViolation(typeName + " code " + code + " is unknown");
        }
        return (E) byCode[code];
    }

    /** Every constant in wire order, for tests. */
    @SuppressWarnings("unchecked")
    public List<E> inWireOrder() {
        return (List<E>) (List<?>) List.of(byCode);
    }
}
