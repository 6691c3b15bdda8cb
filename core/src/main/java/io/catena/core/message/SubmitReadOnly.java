package io.catena.core.message;

import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import java.util.List;

/**
 * Client to coordinator: read these rows from one consistent committed snapshot of this region.
 * {@code minVersion} (e.g. the version of the client's last commit) makes the read wait until
 * the snapshot includes it; {@link Version#ZERO} means any snapshot.
 */
public record SubmitReadOnly(RequestId request, List<RowKey> keys, Version minVersion) implements Message {
    public SubmitReadOnly {
        keys = List.copyOf(keys);
        if (minVersion == null) {
            minVersion = Version.ZERO;
        }
    }

    @Override
    public MessageType type() {
        return MessageType.SUBMIT_READ_ONLY;
    }
}
