package io.catena.lab.load;

import io.catena.harness.workload.ClientTxn;
import java.util.concurrent.CompletableFuture;

/**
 * How the load driver reaches one region: submits a workload transaction and completes with the
 * cluster's answer, or exceptionally when the outcome stays unknown (timed out, unavailable).
 * Threading: any thread; implementations must allow many transactions in flight.
 */
@FunctionalInterface
public interface TxnGateway {
    CompletableFuture<GatewayReply> submit(ClientTxn txn);
}
