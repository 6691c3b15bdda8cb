package io.catena.coordinator.client;

import io.catena.coordinator.CoordinatorContext;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.spi.Completion;
import java.util.List;

/**
 * The region's durable record of what it answered its own clients, one chain key per request in
 * a table no transaction can name. A client that retries after its coordinator was replaced gets
 * the original answer instead of silence: the retry is recognised as a duplicate (every region
 * knows every request of the dedup window) and its answer is read back from here.
 *
 * <p>Region-local: answers are not replicated, because only the origin answers a request. An
 * answer is dropped once its request leaves the dedup window: a later retry runs as a new
 * transaction, so nothing would read it again.
 */
public final class AnswerStore {

    /** Reserved table; the planner never lets a transaction touch tables starting with "__". */
    public static final String TABLE = "__catena_answers";

    private static final Version ANSWER_VERSION = Version.of(1, 0);

    private final CoordinatorContext ctx;

    public AnswerStore(CoordinatorContext ctx) {
        this.ctx = ctx;
    }

    /** Where a request's answer is kept: operators' tools and tests read it from there. */
    public static ChainKey keyOf(RequestId request) {
        return ChainKey.of(TABLE, request.client() + "-" + request.sequence());
    }

    /** Persists an answer; {@code durable} runs once it is. Re-persisting the same request is a no-op. */
    public void persist(RequestId request, AnswerCodec.Answer answer, Completion<Void> durable) {
        ctx.storage.apply(keyOf(request), ANSWER_VERSION, List.of(RowWrite.put("", AnswerCodec.encode(answer))))
                .whenDone(durable);
    }

    /** Drops the answer of a request that left the dedup window; {@code done} runs once it is gone. */
    public void forget(RequestId request, Completion<Void> done) {
        ctx.storage.dropPartition(keyOf(request)).whenDone(done);
    }

    /** Reads a persisted answer back; completes with null if there is none. */
    public void lookup(RequestId request, Completion<AnswerCodec.Answer> found) {
        ctx.storage.loadPartition(keyOf(request)).whenDone((now, image, failure) -> {
            if (failure != null) {
                found.complete(now, null, failure);
                return;
            }
            Row row = image.rowsAtBase().get("");
            if (row == null && !image.after().isEmpty() && !image.after().get(0).writes().isEmpty()) {
                row = image.after().get(0).writes().get(0).row();
            }
            found.complete(now, row == null ? null : AnswerCodec.decode(row), null);
        });
    }
}
