package io.catena.server.net;

import io.catena.core.message.TxnReply;
import io.catena.wire.ErrorNotice;

/**
 * Told what became of each client request a region process handled, for metrics.
 *
 * <p>Threading: called concurrently from Netty event loops (refusals) and from the coordinator's
 * thread (answers), on the hot path; implementations must be thread-safe, quick and must not
 * block or throw.
 */
public interface RequestObserver {

    /** Observes nothing. */
    RequestObserver NONE = new RequestObserver() {
        @Override
        public void answered(RequestKind kind, TxnReply reply, long latencyNanos) {
        }

        @Override
        public void refused(RequestKind kind, ErrorNotice.Code code) {
        }
    };

    /**
     * The region answered a request {@code latencyNanos} after the request arrived (its first
     * arrival on this connection, if the client resent it), just before the answer was written.
     */
    void answered(RequestKind kind, TxnReply reply, long latencyNanos);

    /** The region refused a request at once without running it (the coordinator was overloaded). */
    void refused(RequestKind kind, ErrorNotice.Code code);
}
