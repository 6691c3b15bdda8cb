package io.catena.lab.load;

import io.catena.core.data.Version;
import io.catena.core.txn.TxnResult;

/**
 * The cluster's answer to one transaction, as a client sees it.
 *
 * @param requestId the request id the transaction ran under (its name in the history)
 * @param result    the decided result
 * @param version   commit or snapshot version, or null when nothing ran
 * @param contended whether the transaction conflicted within its epoch
 */
public record GatewayReply(String requestId, TxnResult result, Version version, boolean contended) {
}
