package io.catena.client;

import io.catena.client.internal.CoordinatorSession;
import io.catena.client.internal.RequestIds;
import io.catena.client.spi.ClientTransport;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnSpec;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@link Connection}: the public operations over a {@link CoordinatorSession}, turning replies
 * into outcomes or exceptions and keeping the version floor of its snapshot reads.
 */
final class CoordinatorConnection implements Connection, Requests {

    private final ConnectionUrl url;
    private final CoordinatorSession session;
    private final ClientTransport ownedTransport;
    private final AtomicReference<Version> lastVersion = new AtomicReference<>(Version.ZERO);

    private CoordinatorConnection(ConnectionUrl url, CoordinatorSession session, ClientTransport ownedTransport) {
        this.url = url;
        this.session = session;
        this.ownedTransport = ownedTransport;
    }

    /**
     * Opens a connection: draws its client id, connects to the first host that accepts.
     *
     * @param owned whether the connection owns the transport and closes it with itself (also when
     *              the connect fails)
     */
    static CompletableFuture<Connection> open(ConnectionUrl url, ClientTransport transport, boolean owned) {
        SecureRandom seeds = new SecureRandom();
        RequestIds ids = new RequestIds(RequestIds.randomClientId(seeds));
        CoordinatorSession session = new CoordinatorSession(url, transport, ids, new SplittableRandom(seeds.nextLong()));
        CoordinatorConnection connection = new CoordinatorConnection(url, session, owned ? transport : null);
        CompletableFuture<Connection> opened = new CompletableFuture<>();
        session.start().whenComplete((ok, failure) -> {
            if (failure == null) {
                opened.complete(connection);
            } else {
                connection.close();
                opened.completeExceptionally(failure);
            }
        });
        return opened;
    }

    @Override
    public OperationList transaction() {
        return new OperationList(this);
    }

    @Override
    public Transaction begin() {
        return new Transaction(this);
    }

    @Override
    public PreparedCall prepare(String procedure, int version) {
        return new PreparedCall(this, procedure, version);
    }

    @Override
    public Snapshot snapshot() {
        return new Snapshot(this);
    }

    @Override
    public SnapshotResult read(RowKey... keys) {
        if (keys == null) {
            throw InvalidTransactionException.invalid("the row keys to read are null");
        }
        return snapshot().read(Arrays.asList(keys)).execute();
    }

    @Override
    public CompletableFuture<TxnOutcome> run(TxnSpec spec) {
        return Await.unwrapped(session.submit((id, issued) -> new SubmitTxn(id, spec, issued), true)
                .thenApply(reply -> observed(Replies.toOutcome(reply), reply)));
    }

    @Override
    public CompletableFuture<SnapshotResult> read(List<RowKey> keys, List<ChainKey> partitions, Version atLeast) {
        Version floor = Version.max(atLeast, lastVersion.get());
        return Await.unwrapped(session.submit((id, issued) -> new SubmitReadOnly(id, keys, floor, partitions), false)
                .thenApply(reply -> observed(Replies.toSnapshot(reply, keys.size(), partitions), reply)));
    }

    @Override
    public RequestOutcome outcome(RequestId request) {
        return Await.result(outcomeAsync(request));
    }

    @Override
    public CompletableFuture<RequestOutcome> outcomeAsync(RequestId request) {
        var query = OutcomeLookup.query(request);
        CompletableFuture<TxnReply> reply = session.submit((id, issued) -> query.apply(id), false);
        return Await.unwrapped(reply.thenApply(r -> observed(OutcomeLookup.toOutcome(request, r), r))
                .exceptionallyCompose(f -> CompletableFuture.failedFuture(OutcomeLookup.unanswered(request, f))));
    }

    @Override
    public Version lastVersion() {
        return lastVersion.get();
    }

    @Override
    public ConnectionUrl url() {
        return url;
    }

    @Override
    public long clientId() {
        return session.clientId();
    }

    @Override
    public boolean isOpen() {
        return session.isOpen();
    }

    @Override
    public void close() {
        session.close();
        if (ownedTransport != null) {
            ownedTransport.close();
        }
    }

    @Override
    public String toString() {
        return "Connection(client " + session.clientId() + ", region " + url.region() + ", " + url.hosts() + ")";
    }

    /** Raises the version floor to what a successful reply shows this connection has seen. */
    private <T> T observed(T result, TxnReply reply) {
        if (reply.version() != null) {
            lastVersion.accumulateAndGet(reply.version(), Version::max);
        }
        return result;
    }
}
