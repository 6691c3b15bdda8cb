package io.catena.lab.load;

import io.catena.harness.check.HistoryEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An append-only store of client-observed history events that keeps them encoded in a few large
 * byte arrays while a run goes on, and decodes them once it is over.
 *
 * <p>Why: a benchmark records hundreds of thousands of events. Held as objects, each is a graph
 * of about ten small objects that all outlive young collections, so the collector copies every
 * one of them on its way to the old generation, and those copies are a visible share of the run's
 * pauses. Encoded ({@link HistoryEventCodec}), an event is some tens of bytes in a chunk of 1 MiB,
 * and the collector sees one array per chunk.
 *
 * <p>Threading: any thread may call any method at any time. {@link #append} encodes on the
 * calling thread and holds the lock only to copy the bytes, so concurrent appends do not wait on
 * each other's encoding. {@link #events} returns the events whose appends finished before it was
 * called, in the order in which their appends took the lock.
 */
public final class HistorySpool {

    static final int DEFAULT_CHUNK_BYTES = 1 << 20;

    private final int chunkBytes;
    private final Object lock = new Object();
    /**
     * Filled in order, the first allocated by the first append, so that an unused spool holds
     * nothing. A byte once copied never changes: a reader that took the list under the lock may
     * read the bytes it covers without it.
     */
    private final List<byte[]> chunks = new ArrayList<>();
    private int usedInLastChunk;
    private long encodedBytes;
    private int size;

    /** A spool with chunks of 1 MiB. */
    public HistorySpool() {
        this(DEFAULT_CHUNK_BYTES);
    }

    /** A spool with chunks of {@code chunkBytes}: small ones let tests cross chunk boundaries. */
    HistorySpool(int chunkBytes) {
        if (chunkBytes <= 0) {
            throw new IllegalArgumentException("chunks need at least one byte but got " + chunkBytes);
        }
        this.chunkBytes = chunkBytes;
    }

    /** Records {@code event} after every event appended before. */
    public void append(HistoryEvent event) {
        ByteSink encoded = new ByteSink();
        HistoryEventCodec.encode(event, encoded);
        synchronized (lock) {
            copy(encoded.array(), encoded.length());
            size++;
        }
    }

    private void copy(byte[] bytes, int length) {
        int copied = 0;
        while (copied < length) {
            if (chunks.isEmpty() || usedInLastChunk == chunkBytes) {
                chunks.add(new byte[chunkBytes]);
                usedInLastChunk = 0;
            }
            int n = Math.min(length - copied, chunkBytes - usedInLastChunk);
            System.arraycopy(bytes, copied, chunks.get(chunks.size() - 1), usedInLastChunk, n);
            usedInLastChunk += n;
            copied += n;
        }
        encodedBytes += length;
    }

    /** How many events have been appended. */
    public int size() {
        synchronized (lock) {
            return size;
        }
    }

    /** The bytes the appended events take encoded, not counting the unused end of the last chunk. */
    public long encodedBytes() {
        synchronized (lock) {
            return encodedBytes;
        }
    }

    /**
     * The events appended so far, in append order, decoded anew on each call: call it once, when
     * the run is over. Appends may go on meanwhile; the list does not see them.
     */
    public List<HistoryEvent> events() {
        List<byte[]> filled;
        int count;
        synchronized (lock) {
            filled = List.copyOf(chunks);
            count = size;
        }
        ChunkSource source = new ChunkSource(filled);
        Map<String, String> names = new HashMap<>();
        List<HistoryEvent> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            events.add(HistoryEventCodec.decode(source, names));
        }
        return Collections.unmodifiableList(events);
    }
}
