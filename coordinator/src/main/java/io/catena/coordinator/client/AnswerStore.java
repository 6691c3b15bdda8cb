package io.catena.coordinator.client;

import io.catena.coordinator.CoordinatorContext;
import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.spi.Completion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The region's durable record of what it answered its own clients: one partition per epoch, in a
 * table no transaction can name, holding a row per own request that epoch carried. A client that
 * retries after its coordinator was replaced gets the original answer instead of silence: the
 * retry is recognised as a duplicate (every region knows every request of the dedup window, and
 * which transaction carried it first, hence its epoch) and its answer is read back from here.
 *
 * <p>Why a partition per epoch and not per request: the answers of an epoch are written together,
 * once all of them are known, in one store call; a key per request cost a write and a deletion
 * per transaction (four writes on Cassandra, which also lists new keys), and as many long-lived
 * partitions in the embedded store's heap. An epoch's partition is written once, at one version,
 * always with the same rows (answers are a function of the log), so a successor coordinator that
 * writes it again changes nothing.
 *
 * <p>Region-local: answers are not replicated, because only the origin answers a request. An
 * epoch's answers are dropped once its requests leave the dedup window: a later retry runs as a
 * new transaction, so nothing would read them again.
 */
public final class AnswerStore {

    /** Reserved table; the planner never lets a transaction touch tables starting with "__". */
    public static final String TABLE = "__catena_answers";

    private static final Version ANSWER_VERSION = Version.of(1, 0);

    private final CoordinatorContext ctx;

    public AnswerStore(CoordinatorContext ctx) {
        this.ctx = ctx;
    }

    /** Where the answers of an epoch's own requests are kept: operators' tools and tests read them there. */
    public static ChainKey keyOf(long epoch) {
        return ChainKey.of(TABLE, Long.toString(epoch));
    }

    /** The row of a request's answer within its epoch's partition. */
    public static String clusteringOf(RequestId request) {
        return request.client() + "-" + request.sequence();
    }

    /**
     * Persists every answer of an epoch's own requests in one write; {@code durable} runs once it
     * is. Writing the same epoch again is a no-op.
     */
    public void persist(long epoch, Map<RequestId, AnswerCodec.Answer> answers, Completion<Void> durable) {
        List<RowWrite> rows = new ArrayList<>(answers.size());
        answers.forEach((request, answer) -> rows.add(RowWrite.put(clusteringOf(request), AnswerCodec.encode(answer))));
        ctx.storage.apply(keyOf(epoch), ANSWER_VERSION, rows).whenDone(durable);
    }

    /** Drops the answers of an epoch whose requests left the dedup window; {@code done} runs once they are gone. */
    public void forget(long epoch, Completion<Void> done) {
        ctx.storage.dropPartition(keyOf(epoch)).whenDone(done);
    }

    /** Reads the persisted answer of a request its epoch carried; completes with null if there is none. */
    public void lookup(long epoch, RequestId request, Completion<AnswerCodec.Answer> found) {
        ctx.storage.loadPartition(keyOf(epoch)).whenDone((now, image, failure) -> {
            Row row = failure == null ? rowOf(image, clusteringOf(request)) : null;
            found.complete(now, row == null ? null : AnswerCodec.decode(row), failure);
        });
    }

    /** The row as the partition holds it: at its base if the store folded the write in, else in the write. */
    private static Row rowOf(PartitionImage image, String clustering) {
        Row row = image.rowsAtBase().get(clustering);
        if (row == null && !image.after().isEmpty()) {
            for (RowWrite w : image.after().get(0).writes()) {
                if (w.clustering().equals(clustering)) {
                    return w.row();
                }
            }
        }
        return row;
    }
}
