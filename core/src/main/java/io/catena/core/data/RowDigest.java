package io.catena.core.data;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;

/**
 * A 128-bit fingerprint of a row's contents (or of a partition's rows): what an interactive
 * transaction ships in place of the rows it read, so that the chain can check at the
 * transaction's place in the order that they are still what it read.
 *
 * <p>It fingerprints values, not versions, on purpose: every region holds the same rows at every
 * decided version, so the check comes out the same everywhere, whereas a row's own version is
 * folded into the partition's horizon when a region collects its history, which regions do at
 * different moments. The first 128 bits of SHA-256 over a canonical encoding (columns in name
 * order, every value tagged with its kind and length-prefixed) make two different rows collide
 * with probability 2<sup>-128</sup>.
 */
public record RowDigest(long high, long low) {

    private static final byte ABSENT_TAG = 0;
    private static final byte ROW_TAG = 1;
    private static final byte INT_TAG = 2;
    private static final byte TEXT_TAG = 3;
    private static final byte SEQ_TAG = 4;
    private static final byte PARTITION_TAG = 5;

    /** The digest of no row at all (a read that found nothing). */
    public static final RowDigest ABSENT = of(null);

    /** The digest of {@code row}; null (absent) has its own digest, different from every row's. */
    public static RowDigest of(Row row) {
        Encoder e = new Encoder();
        e.row(row);
        return e.digest();
    }

    /** The digest of a partition's rows by clustering key, as a scan returns them. */
    public static RowDigest ofRows(SortedMap<String, Row> rows) {
        Encoder e = new Encoder();
        e.tag(PARTITION_TAG);
        e.length(rows.size());
        for (Map.Entry<String, Row> r : rows.entrySet()) {
            e.text(r.getKey());
            e.row(r.getValue());
        }
        return e.digest();
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%016x%016x", high, low);
    }

    /** The canonical encoding, fed to SHA-256 a buffer at a time. */
    private static final class Encoder {
        private final MessageDigest sha = sha256();
        private final ByteBuffer buffer = ByteBuffer.allocate(256);

        void row(Row row) {
            if (row == null) {
                tag(ABSENT_TAG);
                return;
            }
            tag(ROW_TAG);
            length(row.size());
            for (int i = 0; i < row.size(); i++) {
                text(row.name(i));
                datum(row.value(i));
            }
        }

        void datum(Datum d) {
            if (d instanceof Datum.Int64 i) {
                tag(INT_TAG);
                room(Long.BYTES);
                buffer.putLong(i.value());
            } else if (d instanceof Datum.Text t) {
                tag(TEXT_TAG);
                text(t.value());
            } else {
                Datum.Seq s = (Datum.Seq) d;
                tag(SEQ_TAG);
                length(s.values().size());
                for (Datum element : s.values()) {
                    datum(element);
                }
            }
        }

        void text(String s) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            length(bytes.length);
            flush();
            sha.update(bytes);
        }

        void tag(byte tag) {
            room(1);
            buffer.put(tag);
        }

        void length(int n) {
            room(Integer.BYTES);
            buffer.putInt(n);
        }

        RowDigest digest() {
            flush();
            ByteBuffer d = ByteBuffer.wrap(sha.digest());
            return new RowDigest(d.getLong(), d.getLong());
        }

        private void room(int bytes) {
            if (buffer.remaining() < bytes) {
                flush();
            }
        }

        private void flush() {
            sha.update(buffer.array(), 0, buffer.position());
            buffer.clear();
        }

        private static MessageDigest sha256() {
            try {
                return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java platform must provide SHA-256", e);
            }
        }
    }
}
