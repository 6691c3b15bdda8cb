package io.catena.storage.memory;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import java.util.zip.CRC32C;

/**
 * The append-only file behind a durable {@link MemoryStorageEngine}: {@value #FILE_NAME} in the
 * engine's directory.
 *
 * <p><b>Format.</b> An 8-byte header ({@code magic:int = 0x43544E4A "CTNJ"},
 * {@code formatVersion:int = 1}), then one frame per entry: {@code length:int},
 * {@code crc32c:int} of the payload, and {@code length} payload bytes in the format of
 * {@link JournalCodec}. All integers are big-endian.
 *
 * <p><b>Recovery.</b> Opening replays every frame in order. A torn write at the end of the file
 * (a frame that runs past the end, a final frame that fails its checksum, or a zero-filled tail)
 * is cut off, so the journal stays appendable. Any other damage fails the open with an
 * {@link IOException} naming the offset: entries after it would otherwise be lost silently. A
 * damaged length field that points past the end of the file cannot be told from a torn write.
 *
 * <p><b>Durability and threading.</b> {@link #append} writes one frame and forces it to disk
 * ({@link FileChannel#force}) before it returns. Not thread-safe: the owning engine serializes
 * calls. The journal holds an exclusive lock on its file until {@link #close()}. After a failed
 * append it refuses further appends, because the file may end in a partial frame that only a
 * reopen cuts off.
 */
final class WriteAheadJournal implements Closeable {

    static final String FILE_NAME = "catena-storage.journal";
    static final int MAGIC = 0x43544E4A;
    static final int FORMAT_VERSION = 1;
    static final int HEADER_BYTES = 8;
    static final int FRAME_HEADER_BYTES = 8;
    static final int MAX_PAYLOAD_BYTES = 64 << 20;

    private final Path file;
    private final FileChannel channel;
    private IOException failure;

    private WriteAheadJournal(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Opens (or creates) the journal in {@code directory}, hands every recorded entry to
     * {@code replay} in order, and positions it for appending.
     */
    static WriteAheadJournal open(Path directory, Consumer<JournalEntry> replay) throws IOException {
        Files.createDirectories(directory);
        Path file = directory.resolve(FILE_NAME);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            lock(channel, file);
            ByteBuffer contents = readAll(channel, file);
            long end;
            if (contents.limit() < HEADER_BYTES) {
                end = startNewFile(channel, file, contents);
                forceDirectory(directory);
            } else {
                checkHeader(contents, file);
                end = replayFrames(contents, file, replay);
            }
            if (end < channel.size()) {
                channel.truncate(end);
                channel.force(true);
            }
            channel.position(end);
            return new WriteAheadJournal(file, channel);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Appends one entry and forces it to disk; on failure the entry must not take effect. */
    void append(JournalEntry entry) {
        appendEncoded(entry.kind(), JournalCodec.encode(entry));
    }

    /** Appends an entry already encoded by {@link JournalCodec}, for callers that hold its bytes. */
    void appendEncoded(JournalEntry.Kind kind, byte[] payload) {
        if (failure != null) {
            throw new IllegalStateException("the storage journal " + file + " failed earlier (" + failure.getMessage()
                    + "); reopen the engine to recover from the journal", failure);
        }
        if (payload.length > MAX_PAYLOAD_BYTES) {
            throw new IllegalArgumentException("a " + kind + " entry of " + payload.length
                    + " bytes exceeds the journal's limit of " + MAX_PAYLOAD_BYTES + " bytes");
        }
        ByteBuffer frame = ByteBuffer.allocate(FRAME_HEADER_BYTES + payload.length);
        frame.putInt(payload.length).putInt(checksum(payload, 0, payload.length)).put(payload).flip();
        try {
            while (frame.hasRemaining()) {
                channel.write(frame);
            }
            channel.force(true);
        } catch (IOException e) {
            failure = e;
            throw new UncheckedIOException("could not append to the storage journal " + file
                    + "; the change did not take effect, and no further change will until the engine is reopened", e);
        }
    }

    /** Releases the file and its lock. Every appended entry is already on disk. */
    @Override
    public void close() throws IOException {
        channel.close();
    }

    private static void lock(FileChannel channel, Path file) throws IOException {
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            throw new IOException("the storage journal " + file
                    + " is in use by another storage engine; close that one first");
        }
    }

    private static ByteBuffer readAll(FileChannel channel, Path file) throws IOException {
        long size = channel.size();
        if (size > Integer.MAX_VALUE - 8) {
            throw new IOException("the storage journal " + file + " is too large to replay (" + size + " bytes)");
        }
        ByteBuffer contents = ByteBuffer.allocate((int) size);
        while (contents.hasRemaining()) {
            if (channel.read(contents, contents.position()) < 0) {
                break;
            }
        }
        return contents.flip();
    }

    /** Writes the header to an empty file, or to one whose header was torn while it was created. */
    private static long startNewFile(FileChannel channel, Path file, ByteBuffer contents) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).putInt(MAGIC).putInt(FORMAT_VERSION).flip();
        for (int i = 0; i < contents.limit(); i++) {
            if (contents.get(i) != header.get(i)) {
                throw new IOException(file
                        + " is not a Catena storage journal (it is too short and its first bytes differ)");
            }
        }
        channel.truncate(0);
        while (header.hasRemaining()) {
            channel.write(header, header.position());
        }
        channel.force(true);
        return HEADER_BYTES;
    }

    private static void checkHeader(ByteBuffer contents, Path file) throws IOException {
        if (contents.getInt(0) != MAGIC) {
            throw new IOException(file + " is not a Catena storage journal (wrong magic number)");
        }
        int version = contents.getInt(4);
        if (version != FORMAT_VERSION) {
            throw new IOException("the storage journal " + file + " has format version " + version
                    + "; this engine reads version " + FORMAT_VERSION);
        }
    }

    /** Replays every intact frame and returns the offset after the last one. */
    private static long replayFrames(ByteBuffer contents, Path file, Consumer<JournalEntry> replay) throws IOException {
        int size = contents.limit();
        int offset = HEADER_BYTES;
        while (offset < size) {
            if (size - offset < FRAME_HEADER_BYTES) {
                return offset;
            }
            int length = contents.getInt(offset);
            int expected = contents.getInt(offset + 4);
            if (length <= 0 || length > MAX_PAYLOAD_BYTES) {
                if (zeroFrom(contents, offset)) {
                    return offset;
                }
                throw corrupt(file, offset, "invalid entry length " + length, null);
            }
            int payloadStart = offset + FRAME_HEADER_BYTES;
            if (length > size - payloadStart) {
                return offset;
            }
            if (checksum(contents.array(), payloadStart, length) != expected) {
                if (payloadStart + length == size) {
                    return offset;
                }
                throw corrupt(file, offset, "checksum mismatch", null);
            }
            byte[] payload = new byte[length];
            contents.get(payloadStart, payload);
            try {
                replay.accept(JournalCodec.decode(payload));
            } catch (IOException | RuntimeException e) {
                throw corrupt(file, offset, "entry cannot be replayed: " + e.getMessage(), e);
            }
            offset = payloadStart + length;
        }
        return offset;
    }

    private static IOException corrupt(Path file, int offset, String why, Exception cause) {
        return new IOException("the storage journal " + file + " is damaged at byte " + offset + " (" + why
                + ") with intact data after it; refusing to start. Restore it from a replica,"
                + " or move it aside to start empty", cause);
    }

    private static boolean zeroFrom(ByteBuffer contents, int offset) {
        for (int i = offset; i < contents.limit(); i++) {
            if (contents.get(i) != 0) {
                return false;
            }
        }
        return true;
    }

    private static int checksum(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return (int) crc.getValue();
    }

    /**
     * Makes the new file's directory entry durable. Some platforms cannot open a directory as a
     * channel; there the file system's own ordering is all there is, so the failure is ignored.
     */
    private static void forceDirectory(Path directory) {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            return;
        }
    }
}
