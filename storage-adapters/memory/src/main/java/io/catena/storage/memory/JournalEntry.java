package io.catena.storage.memory;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import java.util.List;

/**
 * One mutation of a {@link MemoryStorageEngine} as the write-ahead journal records it. Replaying
 * the entries of a journal in order through the engine rebuilds its state. Immutable.
 */
sealed interface JournalEntry {

    /** The entry's type and its fixed id in the journal format; never renumber. */
    enum Kind {
        APPLY(1), COLLECT_GARBAGE(2), APPEND_LOG(3), TRUNCATE_LOG(4), DROP_PARTITION(5);

        final byte wireId;

        Kind(int wireId) {
            this.wireId = (byte) wireId;
        }

        static Kind ofWireId(byte id) {
            for (Kind k : values()) {
                if (k.wireId == id) {
                    return k;
                }
            }
            return null;
        }
    }

    Kind kind();

    record Apply(ChainKey key, Version version, List<RowWrite> writes) implements JournalEntry {
        public Apply {
            writes = List.copyOf(writes);
        }

        @Override
        public Kind kind() {
            return Kind.APPLY;
        }
    }

    record CollectGarbage(ChainKey key, Version horizon) implements JournalEntry {
        @Override
        public Kind kind() {
            return Kind.COLLECT_GARBAGE;
        }
    }

    record AppendLog(RLogRecord record) implements JournalEntry {
        @Override
        public Kind kind() {
            return Kind.APPEND_LOG;
        }
    }

    record TruncateLog(RegionId origin, long throughEpoch) implements JournalEntry {
        @Override
        public Kind kind() {
            return Kind.TRUNCATE_LOG;
        }
    }

    record DropPartition(ChainKey key) implements JournalEntry {
        @Override
        public Kind kind() {
            return Kind.DROP_PARTITION;
        }
    }
}
