package io.catena.baselines.message;

import io.catena.core.id.TxnId;
import io.catena.core.message.PluginMessage;

/**
 * Home to every region (baselines): the attempt is over without writes (aborted, or read-only and
 * answered); drop its locks, reservations and queued claims, and any of earlier attempts.
 */
public record ReleaseKeys(TxnId txn, int attempt) implements PluginMessage {

    public ReleaseKeys {
        if (txn == null || attempt < 0) {
            throw new IllegalArgumentException("a release names a transaction and an attempt");
        }
    }

    @Override
    public BaselineMessageType type() {
        return BaselineMessageType.RELEASE_KEYS;
    }
}
