package io.catena.lab.load;

import io.catena.core.data.Version;
import io.catena.core.txn.TxnResult;
import io.catena.harness.workload.ClientTxn;

/**
 * The cluster's answer to one transaction, as a client sees it.
 *
 * @param requestId the request id the transaction ran under (its name in the history)
 * @param result    the decided result
 * @param version   commit or snapshot version, or null when nothing ran
 * @param contended whether the transaction conflicted within its epoch
 * @param ran       an interactive transaction as it ran, with its snapshot and the writes it chose
 *                  (what its history line records); null for the others
 */
public record GatewayReply(String requestId, TxnResult result, Version version, boolean contended, ClientTxn ran) {

    public GatewayReply(String requestId, TxnResult result, Version version, boolean contended) {
        this(requestId, result, version, contended, null);
    }
}
