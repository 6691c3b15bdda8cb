package io.catena.storage.memory;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.TxnEntry;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The payload format of {@link WriteAheadJournal} entries, written with {@link DataOutputStream}
 * (big-endian). Stateless.
 *
 * <pre>
 * entry        = kind:byte body                   (kind: 1 apply, 2 collect, 3 append, 4 truncate, 5 drop)
 *   apply      = chainKey version count:int rowWrite*
 *   collect    = chainKey version
 *   append     = rlogRecord
 *   truncate   = region throughEpoch:long
 *   drop       = chainKey
 * string       = length:int utf8-bytes
 * chainKey     = table:string partition:string
 * rowKey       = chainKey clustering:string
 * version      = epoch:long rank:int
 * region       = index:int
 * rowWrite     = clustering:string present:boolean [row]      (absent row: a deletion)
 * row          = count:int (column:string datum)*
 * datum        = 1 value:long | 2 value:string | 3 count:int datum*
 * rlogRecord   = origin:region epoch:long count:int txnEntry* receipts:epochVector
 *                count:int batchRef* count:int keyOrderVote* appliedThrough:version [cancels]
 * cancels      = count:int (client:long sequence:long)*     (only when count &gt; 0: see below)
 * epochVector  = count:int long*
 * batchRef     = origin:region epoch:long
 * keyOrderVote = epoch:long chainKey count:int txnId*
 * txnId        = epoch:long origin:region position:int
 * txnEntry     = txnId client:long sequence:long offsetMicros:int txnSpec   (see {@link SpecCodec})
 * </pre>
 *
 * A record's cancellations came later than the rest of the format: they are written only when
 * there are some, so a record without them has the bytes it had before they existed, and records
 * written then read back as records that cancel nothing. A record is always the whole of its
 * payload (an append entry, or a row of a Cassandra or HBase log table), so whether bytes follow
 * {@code appliedThrough} tells the two apart.
 *
 * <p>A payload that does not decode completely and exactly is reported as an {@link IOException}.
 */
final class JournalCodec {

    private JournalCodec() {
    }

    static byte[] encode(JournalEntry entry) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(entry.kind().wireId);
            if (entry instanceof JournalEntry.Apply a) {
                writeChainKey(out, a.key());
                writeVersion(out, a.version());
                out.writeInt(a.writes().size());
                for (RowWrite w : a.writes()) {
                    writeString(out, w.clustering());
                    out.writeBoolean(!w.isDelete());
                    if (!w.isDelete()) {
                        writeRow(out, w.row());
                    }
                }
            } else if (entry instanceof JournalEntry.CollectGarbage g) {
                writeChainKey(out, g.key());
                writeVersion(out, g.horizon());
            } else if (entry instanceof JournalEntry.AppendLog l) {
                writeRecord(out, l.record());
            } else if (entry instanceof JournalEntry.TruncateLog t) {
                out.writeInt(t.origin().index());
                out.writeLong(t.throughEpoch());
            } else if (entry instanceof JournalEntry.DropPartition d) {
                writeChainKey(out, d.key());
            } else {
                throw new IllegalArgumentException("no journal format for " + entry);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory failed", e);
        }
        return bytes.toByteArray();
    }

    /** One log record alone, as an append entry's body holds it. */
    static byte[] encodeRecord(RLogRecord record) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            writeRecord(out, record);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory failed", e);
        }
        return bytes.toByteArray();
    }

    /** The journal entry appending a record, from the record's {@link #encodeRecord} bytes. */
    static byte[] appendLogEntry(byte[] encodedRecord) {
        byte[] entry = new byte[1 + encodedRecord.length];
        entry[0] = JournalEntry.Kind.APPEND_LOG.wireId;
        System.arraycopy(encodedRecord, 0, entry, 1, encodedRecord.length);
        return entry;
    }

    /** Reads back what {@link #encodeRecord} wrote. */
    static RLogRecord decodeRecord(byte[] encoded) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded));
        RLogRecord record = readRecord(in);
        if (in.available() != 0) {
            throw new IOException(in.available() + " unexpected bytes after a log record");
        }
        return record;
    }

    static JournalEntry decode(byte[] payload) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
        try {
            JournalEntry entry = decodeEntry(in);
            if (in.available() != 0) {
                throw new IOException(in.available() + " unexpected bytes after a " + entry.kind() + " entry");
            }
            return entry;
        } catch (IllegalArgumentException e) {
            throw new IOException("entry holds an invalid value: " + e.getMessage(), e);
        }
    }

    private static JournalEntry decodeEntry(DataInputStream in) throws IOException {
        byte id = in.readByte();
        JournalEntry.Kind kind = JournalEntry.Kind.ofWireId(id);
        if (kind == null) {
            throw new IOException("unknown entry kind " + id);
        }
        switch (kind) {
            case APPLY: {
                ChainKey key = readChainKey(in);
                Version version = readVersion(in);
                int count = readCount(in);
                List<RowWrite> writes = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    String clustering = readString(in);
                    writes.add(in.readBoolean() ? RowWrite.put(clustering, readRow(in)) : RowWrite.delete(clustering));
                }
                return new JournalEntry.Apply(key, version, writes);
            }
            case COLLECT_GARBAGE:
                return new JournalEntry.CollectGarbage(readChainKey(in), readVersion(in));
            case APPEND_LOG:
                return new JournalEntry.AppendLog(readRecord(in));
            case TRUNCATE_LOG:
                return new JournalEntry.TruncateLog(RegionId.of(in.readInt()), in.readLong());
            case DROP_PARTITION:
                return new JournalEntry.DropPartition(readChainKey(in));
            default:
                throw new IOException("unhandled entry kind " + kind);
        }
    }

    // ---------------------------------------------------------------- replicated-log records

    private static void writeRecord(DataOutputStream out, RLogRecord r) throws IOException {
        out.writeInt(r.origin().index());
        out.writeLong(r.epoch());
        out.writeInt(r.txns().size());
        for (TxnEntry t : r.txns()) {
            writeTxnId(out, t.id());
            out.writeLong(t.request().client());
            out.writeLong(t.request().sequence());
            out.writeInt(t.offsetMicros());
            SpecCodec.writeSpec(out, t.spec());
        }
        long[] receipts = r.receipts().toArray();
        out.writeInt(receipts.length);
        for (long e : receipts) {
            out.writeLong(e);
        }
        out.writeInt(r.abandons().size());
        for (BatchRef b : r.abandons()) {
            out.writeInt(b.origin().index());
            out.writeLong(b.epoch());
        }
        out.writeInt(r.votes().size());
        for (KeyOrderVote v : r.votes()) {
            out.writeLong(v.epoch());
            writeChainKey(out, v.key());
            out.writeInt(v.order().size());
            for (TxnId id : v.order()) {
                writeTxnId(out, id);
            }
        }
        writeVersion(out, r.appliedThrough());
        if (!r.cancels().isEmpty()) {
            out.writeInt(r.cancels().size());
            for (RequestId c : r.cancels()) {
                out.writeLong(c.client());
                out.writeLong(c.sequence());
            }
        }
    }

    private static RLogRecord readRecord(DataInputStream in) throws IOException {
        RegionId origin = RegionId.of(in.readInt());
        long epoch = in.readLong();
        int txnCount = readCount(in);
        List<TxnEntry> txns = new ArrayList<>(txnCount);
        for (int i = 0; i < txnCount; i++) {
            TxnId id = readTxnId(in);
            RequestId request = new RequestId(in.readLong(), in.readLong());
            txns.add(new TxnEntry(id, request, in.readInt(), SpecCodec.readSpec(in)));
        }
        long[] receipts = new long[readCount(in)];
        for (int i = 0; i < receipts.length; i++) {
            receipts[i] = in.readLong();
        }
        int abandonCount = readCount(in);
        List<BatchRef> abandons = new ArrayList<>(abandonCount);
        for (int i = 0; i < abandonCount; i++) {
            abandons.add(new BatchRef(RegionId.of(in.readInt()), in.readLong()));
        }
        int voteCount = readCount(in);
        List<KeyOrderVote> votes = new ArrayList<>(voteCount);
        for (int i = 0; i < voteCount; i++) {
            long voteEpoch = in.readLong();
            ChainKey key = readChainKey(in);
            int orderCount = readCount(in);
            List<TxnId> order = new ArrayList<>(orderCount);
            for (int j = 0; j < orderCount; j++) {
                order.add(readTxnId(in));
            }
            votes.add(new KeyOrderVote(voteEpoch, key, order));
        }
        Version appliedThrough = readVersion(in);
        return new RLogRecord(origin, epoch, txns, EpochVector.of(receipts), abandons, votes, appliedThrough,
                readCancels(in));
    }

    /** The optional trailer of a record: nothing left in the payload means no cancellations. */
    private static List<RequestId> readCancels(DataInputStream in) throws IOException {
        if (in.available() == 0) {
            return List.of();
        }
        int count = readCount(in);
        List<RequestId> cancels = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            cancels.add(new RequestId(in.readLong(), in.readLong()));
        }
        return cancels;
    }

    private static void writeTxnId(DataOutputStream out, TxnId id) throws IOException {
        out.writeLong(id.epoch());
        out.writeInt(id.origin().index());
        out.writeInt(id.position());
    }

    private static TxnId readTxnId(DataInputStream in) throws IOException {
        return new TxnId(in.readLong(), RegionId.of(in.readInt()), in.readInt());
    }

    // ---------------------------------------------------------------- data

    static void writeChainKey(DataOutputStream out, ChainKey key) throws IOException {
        writeString(out, key.table());
        writeString(out, key.partition());
    }

    static ChainKey readChainKey(DataInputStream in) throws IOException {
        return ChainKey.of(readString(in), readString(in));
    }

    static void writeRowKey(DataOutputStream out, RowKey key) throws IOException {
        writeChainKey(out, key.chainKey());
        writeString(out, key.clustering());
    }

    static RowKey readRowKey(DataInputStream in) throws IOException {
        return new RowKey(readChainKey(in), readString(in));
    }

    static void writeVersion(DataOutputStream out, Version v) throws IOException {
        out.writeLong(v.epoch());
        out.writeInt(v.rank());
    }

    static Version readVersion(DataInputStream in) throws IOException {
        return Version.of(in.readLong(), in.readInt());
    }

    static void writeRow(DataOutputStream out, Row row) throws IOException {
        out.writeInt(row.size());
        for (int i = 0; i < row.size(); i++) {
            writeString(out, row.name(i));
            writeDatum(out, row.value(i));
        }
    }

    static Row readRow(DataInputStream in) throws IOException {
        int count = readCount(in);
        TreeMap<String, Datum> columns = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            columns.put(readString(in), readDatum(in));
        }
        return Row.of(columns);
    }

    static void writeDatum(DataOutputStream out, Datum d) throws IOException {
        if (d instanceof Datum.Int64 i) {
            out.writeByte(1);
            out.writeLong(i.value());
        } else if (d instanceof Datum.Text t) {
            out.writeByte(2);
            writeString(out, t.value());
        } else if (d instanceof Datum.Seq s) {
            out.writeByte(3);
            out.writeInt(s.values().size());
            for (Datum element : s.values()) {
                writeDatum(out, element);
            }
        } else {
            throw new IllegalArgumentException("no journal format for datum " + d);
        }
    }

    static Datum readDatum(DataInputStream in) throws IOException {
        byte tag = in.readByte();
        switch (tag) {
            case 1:
                return Datum.of(in.readLong());
            case 2:
                return Datum.of(readString(in));
            case 3: {
                int count = readCount(in);
                List<Datum> values = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    values.add(readDatum(in));
                }
                return Datum.of(values);
            }
            default:
                throw new IOException("unknown datum tag " + tag);
        }
    }

    static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    static String readString(DataInputStream in) throws IOException {
        byte[] utf8 = new byte[readCount(in)];
        in.readFully(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    /** A length or element count, checked against what the payload can still hold. */
    static int readCount(DataInputStream in) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > in.available()) {
            throw new IOException("invalid count " + count + " with " + in.available() + " bytes left");
        }
        return count;
    }
}
