package io.catena.client;

import io.catena.core.id.RequestId;

/**
 * What became of a request whose answer was lost, as {@link Connection#outcome} learnt it from the
 * region. Every case is definite: it never changes afterwards, whoever asks, on this coordinator
 * or any that follows it.
 */
public sealed interface RequestOutcome permits RequestOutcome.Committed, RequestOutcome.Aborted,
        RequestOutcome.NotCommitted {

    /** The request asked about. */
    RequestId requestId();

    /**
     * It committed, with this outcome (the same version, reads and outputs its own answer had).
     *
     * @param outcome the commit
     */
    record Committed(TxnOutcome outcome) implements RequestOutcome {
        @Override
        public RequestId requestId() {
            return outcome.requestId();
        }
    }

    /**
     * It ran and its own logic aborted it, or it was refused as invalid: its effects never apply,
     * and running it again ends the same way unless the data or the call changes.
     *
     * @param requestId the request
     * @param reason    why, as the region said it
     */
    record Aborted(RequestId requestId, String reason) implements RequestOutcome {
    }

    /**
     * It never ran and never will: the region cancelled it before any transaction of it was
     * logged, so a copy of it still on its way is refused as well. Running the work again, as a
     * new request, is safe.
     *
     * @param requestId the request
     * @param reason    the region's words
     */
    record NotCommitted(RequestId requestId, String reason) implements RequestOutcome {
    }
}
