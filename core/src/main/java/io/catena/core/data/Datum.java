package io.catena.core.data;

import java.util.List;

/**
 * A column value. Deliberately small: 64-bit integers (money in cents, counters, ids), text and
 * ordered lists (append-only histories). Values are immutable and compare by value.
 */
public sealed interface Datum permits Datum.Int64, Datum.Text, Datum.Seq {

    /** Approximate size in bytes, used for cost accounting and record-size modelling. */
    int sizeBytes();

    static Int64 of(long value) {
        return new Int64(value);
    }

    static Text of(String value) {
        return new Text(value);
    }

    static Seq of(List<Datum> values) {
        return new Seq(values);
    }

    record Int64(long value) implements Datum {
        @Override
        public int sizeBytes() {
            return 8;
        }

        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    record Text(String value) implements Datum {
        public Text {
            if (value == null) {
                throw new IllegalArgumentException("text datum must not be null; omit the column instead");
            }
        }

        @Override
        public int sizeBytes() {
            return value.length() + 4;
        }

        @Override
        public String toString() {
            return '"' + value + '"';
        }
    }

    record Seq(List<Datum> values) implements Datum {
        public Seq {
            values = List.copyOf(values);
        }

        public Seq append(Datum element) {
            Datum[] next = values.toArray(new Datum[values.size() + 1]);
            next[values.size()] = element;
            return new Seq(List.of(next));
        }

        @Override
        public int sizeBytes() {
            int size = 4;
            for (Datum d : values) {
                size += d.sizeBytes();
            }
            return size;
        }

        @Override
        public String toString() {
            return values.toString();
        }
    }
}
