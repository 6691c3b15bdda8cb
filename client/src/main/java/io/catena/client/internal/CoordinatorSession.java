package io.catena.client.internal;

import io.catena.client.Backoff;
import io.catena.client.CatenaException;
import io.catena.client.ConnectionClosedException;
import io.catena.client.ConnectionUrl;
import io.catena.client.HostAndPort;
import io.catena.client.InvalidTransactionException;
import io.catena.client.OutcomeUnknownException;
import io.catena.client.UnavailableException;
import io.catena.client.spi.ClientTransport;
import io.catena.client.spi.CoordinatorLink;
import io.catena.client.spi.LinkListener;
import io.catena.client.spi.Scheduler;
import io.catena.core.id.RequestId;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Outcome;
import io.catena.wire.ClientMessage;
import io.catena.wire.ErrorNotice;
import io.catena.wire.Frame;
import io.catena.wire.Hello;
import io.catena.wire.Refusal;
import io.catena.wire.Welcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection's session with the coordinators of its region: it keeps one link open to one of
 * the URL's hosts, sends each request and waits for its answer, and when the link fails moves on
 * to the next host and sends every unanswered request again under the same request id.
 *
 * <p>Requests: a request is sent when it is submitted (or, if no link is ready, as soon as one
 * is), again under the same id every {@code resendAfter} while unanswered, and again after every
 * failover; it ends with the coordinator's reply, with an error notice about it, or at its
 * deadline ({@code timeout} after submission). A transaction the system <em>dropped</em> is sent
 * again under a new id (see {@link PendingRequest#rename}). Replies to ids the session does not
 * wait on — late duplicates, answers to dropped names — are ignored.
 *
 * <p>Links: each host gets {@code connectTimeout} to connect and answer the handshake; a refusal,
 * a welcome from the wrong cluster or region, a timeout, a lost link or, with several hosts, a
 * link silent while requests wait ({@link #silenceLimitNanos}) moves on to the next host.
 * The first connect tries every host once and fails if none works; afterwards the session tries
 * round after round, pausing with exponential backoff between failed rounds, until it is closed.
 *
 * <p>Threading: every entry point — callers' submissions, link events, timers — is a step taken
 * under one lock. Steps never call the transport, a link or a caller's future while they hold
 * it; they list such {@link Effects} and run them after releasing it.
 */
public final class CoordinatorSession {

    private static final Logger LOG = LoggerFactory.getLogger(CoordinatorSession.class);

    /** The pauses between failed rounds of reconnection. */
    static final Backoff RECONNECT_BACKOFF = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(2));
    /** The shortest silence, while requests wait, after which another host is tried (see {@link #silenceLimitNanos}). */
    static final Duration MIN_SILENCE = Duration.ofSeconds(2);
    /** The silence limit in resends: a coordinator that let this many resends go unanswered is taken for frozen. */
    static final int SILENT_RESENDS = 3;
    /**
     * How long a host left for silence has to connect and answer the handshake next time, at most:
     * a live coordinator welcomes at once however slow its commits, while a paused process accepts
     * the connection (its kernel does) and then says nothing, and would hold each try for the whole
     * connect timeout while its standby takes over.
     */
    static final Duration SILENT_HOST_CONNECT = Duration.ofSeconds(1);

    private enum Phase { NEW, CONNECTING, HANDSHAKING, READY, PAUSED, CLOSED }

    private final ConnectionUrl url;
    private final ClientTransport transport;
    private final Scheduler scheduler;
    private final RequestIds ids;
    private final RandomGenerator random;
    private final HostRotation hosts;
    private final Hello hello;
    private final Object lock = new Object();
    private final Map<RequestId, PendingRequest> pending = new LinkedHashMap<>();
    /** Hosts left for silence and not connected to since: they get {@link #SILENT_HOST_CONNECT}. */
    private final Set<HostAndPort> silent = new HashSet<>();
    private final CompletableFuture<Void> established = new CompletableFuture<>();
    private final List<String> roundFailures = new ArrayList<>();

    private Phase phase = Phase.NEW;
    /** Numbers link attempts; events of an attempt that is no longer current are ignored. */
    private int attempt;
    private HostAndPort host;
    private CoordinatorLink link;
    private Scheduler.Cancellable attemptTimer;
    private int failedRounds;
    /** Whether a handshake ever succeeded: decides between failing the first connect and pausing. */
    private boolean connectedOnce;
    private String lastProblem = "no coordinator answered yet";
    /** Since when the current link has brought nothing while a request waited. */
    private long quietSinceNanos;
    /** The clock of the coordinator of the current link, from its Welcome; requests are stamped with it. */
    private CoordinatorClock clock;

    /**
     * @param url       hosts, region and time budgets
     * @param transport opens the links and supplies the scheduler; the session does not close it
     * @param ids       names this session's requests
     * @param random    jitter for the pauses between reconnection rounds
     */
    public CoordinatorSession(ConnectionUrl url, ClientTransport transport, RequestIds ids, RandomGenerator random) {
        this.url = url;
        this.transport = transport;
        this.scheduler = transport.scheduler();
        this.ids = ids;
        this.random = random;
        this.hosts = new HostRotation(url.hosts());
        this.hello = Handshake.hello(url, ids.client());
    }

    /**
     * Connects to the first host that accepts.
     *
     * @return completes when the first handshake succeeds, or fails with an
     *         {@link UnavailableException} when every host has failed once
     */
    public CompletableFuture<Void> start() {
        step(e -> {
            if (phase == Phase.NEW) {
                startAttempt(e);
            }
        });
        return established;
    }

    /**
     * Sends a request and waits for its answer.
     *
     * @param message   the message to send under a given request id
     * @param readWrite whether it is a read-write transaction, whose outcome can be unknown and
     *                  which is renamed when dropped, rather than a snapshot read
     * @return the reply, never DROPPED for read-write requests; or a {@link CatenaException}
     */
    public CompletableFuture<TxnReply> submit(RequestMessage message, boolean readWrite) {
        CompletableFuture<TxnReply> future = new CompletableFuture<>();
        step(e -> {
            if (phase == Phase.CLOSED) {
                e.fail(future, new ConnectionClosedException(url.region()));
                return;
            }
            long now = scheduler.nowNanos();
            PendingRequest p = new PendingRequest(ids.next(), message, readWrite, future, now,
                    now + url.timeout().toNanos());
            if (pending.isEmpty()) {
                quietSinceNanos = now;
            }
            pending.put(p.id(), p);
            if (phase == Phase.READY) {
                send(p, now, e);
            }
            arm(p, now);
        });
        return future;
    }

    /**
     * Closes the link and fails every unanswered request: with {@link OutcomeUnknownException} if
     * it is a transaction a coordinator may have taken, otherwise with
     * {@link ConnectionClosedException}. Idempotent.
     */
    public void close() {
        step(e -> shutDown(new ConnectionClosedException(url.region()), e));
    }

    /** Whether the session has not been closed. */
    public boolean isOpen() {
        synchronized (lock) {
            return phase != Phase.CLOSED;
        }
    }

    /** How many requests are waiting for an answer. */
    public int outstandingRequests() {
        synchronized (lock) {
            return pending.size();
        }
    }

    /** This session's client part of its request ids. */
    public long clientId() {
        return ids.client();
    }

    private void step(Consumer<Effects> body) {
        Effects effects = new Effects();
        synchronized (lock) {
            body.accept(effects);
        }
        effects.run();
    }

    private void startAttempt(Effects e) {
        HostAndPort target = hosts.next();
        int current = ++attempt;
        host = target;
        link = null;
        phase = Phase.CONNECTING;
        replaceAttemptTimer(scheduler.schedule(connectBudget(target).toNanos(),
                () -> step(x -> onAttemptTimeout(current, x))));
        LinkListener listener = new AttemptListener(current);
        e.add(() -> open(target, listener, current));
    }

    private Duration connectBudget(HostAndPort target) {
        Duration budget = url.connectTimeout();
        return silent.contains(target) && SILENT_HOST_CONNECT.compareTo(budget) < 0 ? SILENT_HOST_CONNECT : budget;
    }

    private void open(HostAndPort target, LinkListener listener, int current) {
        CompletableFuture<CoordinatorLink> opening;
        try {
            opening = transport.open(target, listener);
        } catch (RuntimeException ex) {
            opening = CompletableFuture.failedFuture(ex);
        }
        opening.whenComplete((l, failure) -> step(e -> onOpened(current, l, failure, e)));
    }

    private void onOpened(int current, CoordinatorLink opened, Throwable failure, Effects e) {
        if (current != attempt || phase != Phase.CONNECTING) {
            if (opened != null) {
                e.add(opened::close);
            }
            return;
        }
        if (failure != null) {
            attemptFailed("could not be reached" + because(failure), e);
            return;
        }
        link = opened;
        phase = Phase.HANDSHAKING;
        e.add(() -> opened.send(hello));
    }

    private void onAttemptTimeout(int current, Effects e) {
        if (current != attempt) {
            return;
        }
        String budget = DurationText.format(connectBudget(host));
        if (phase == Phase.CONNECTING) {
            attemptFailed("did not accept a connection within " + budget, e);
        } else if (phase == Phase.HANDSHAKING) {
            attemptFailed("did not answer the handshake within " + budget, e);
        }
    }

    private void onFrame(int current, Frame frame, Effects e) {
        if (current != attempt) {
            return;
        }
        quietSinceNanos = scheduler.nowNanos();
        if (frame instanceof Welcome w) {
            onWelcome(w, e);
        } else if (frame instanceof Refusal r && phase == Phase.HANDSHAKING) {
            attemptFailed("refused the connection: " + r.reason(), e);
        } else if (frame instanceof ClientMessage m && m.message() instanceof TxnReply reply && phase == Phase.READY) {
            onReply(reply, e);
        } else if (frame instanceof ErrorNotice n) {
            onErrorNotice(n, e);
        } else {
            LOG.debug("Ignoring an unexpected {} frame from {}", frame.kind(), host);
        }
    }

    private void onWelcome(Welcome welcome, Effects e) {
        if (phase != Phase.HANDSHAKING) {
            return;
        }
        String mismatch = Handshake.mismatch(welcome, url);
        if (mismatch != null) {
            attemptFailed("is the wrong coordinator: " + mismatch, e);
            return;
        }
        phase = Phase.READY;
        silent.remove(host);
        clock = new CoordinatorClock(welcome.clockMicros().getAsLong(), scheduler.nowNanos());
        connectedOnce = true;
        cancelAttemptTimer();
        hosts.newRound();
        roundFailures.clear();
        failedRounds = 0;
        LOG.info("Connected to coordinator {} of region {} as client {}", host, url.region(), ids.client());
        e.complete(established, null);
        long now = scheduler.nowNanos();
        for (PendingRequest p : pending.values()) {
            send(p, now, e);
            arm(p, now);
        }
    }

    private void onLinkClosed(int current, Throwable cause, Effects e) {
        if (current != attempt || phase == Phase.CLOSED || phase == Phase.PAUSED) {
            return;
        }
        attemptFailed(phase == Phase.READY ? "closed the connection" + because(cause)
                : "closed the connection during the handshake" + because(cause), e);
    }

    private void attemptFailed(String problem, Effects e) {
        String failure = host + " " + problem;
        LOG.info("Coordinator {}; trying the next host", failure);
        lastProblem = failure;
        roundFailures.add(failure);
        CoordinatorLink old = link;
        if (old != null) {
            e.add(old::close);
        }
        link = null;
        attempt++;
        cancelAttemptTimer();
        if (!hosts.roundFinished()) {
            startAttempt(e);
        } else if (!connectedOnce) {
            shutDown(new UnavailableException("No coordinator of region " + url.region() + " accepted a connection ("
                    + String.join("; ", roundFailures) + "); check the URL's hosts, cluster and region, or retry later.",
                    null), e);
        } else {
            failedRounds++;
            phase = Phase.PAUSED;
            int current = attempt;
            replaceAttemptTimer(scheduler.schedule(RECONNECT_BACKOFF.delayNanos(failedRounds, random),
                    () -> step(x -> onPauseOver(current, x))));
        }
    }

    private void onPauseOver(int current, Effects e) {
        if (current != attempt || phase != Phase.PAUSED) {
            return;
        }
        hosts.newRound();
        roundFailures.clear();
        startAttempt(e);
    }

    private void onReply(TxnReply reply, Effects e) {
        PendingRequest p = pending.get(reply.request());
        if (p == null) {
            LOG.debug("Ignoring a reply to request {}, which this connection is not waiting on", reply.request());
            return;
        }
        if (p.readWrite() && reply.result().outcome() == Outcome.DROPPED) {
            renameDropped(p, reply, e);
            return;
        }
        pending.remove(p.id());
        p.cancelTimer();
        e.complete(p.future(), reply);
    }

    /**
     * A coordinator says DROPPED only once every earlier epoch is decided and no transaction of
     * the request ran; the drop is then final for that name and repeated to any retry of it. So
     * the work is sent again under a new name, within the same deadline: at once the first time,
     * since the region that dropped it has usually just reconnected to the others, and after
     * {@code resendAfter} when it is dropped again, so that a region that keeps dropping is not
     * flooded.
     */
    private void renameDropped(PendingRequest p, TxnReply reply, Effects e) {
        long now = scheduler.nowNanos();
        RequestId dropped = p.id();
        pending.remove(dropped);
        p.rename(ids.next(), reply.result().reason());
        pending.put(p.id(), p);
        LOG.info("Request {} was dropped without running ({}); sending it again as {}", dropped,
                reply.result().reason(), p.id());
        if (p.drops() == 1) {
            send(p, now, e);
        } else {
            p.holdUntil(now + url.resendAfter().toNanos());
        }
        arm(p, now);
    }

    private void onErrorNotice(ErrorNotice notice, Effects e) {
        PendingRequest p = notice.request() == null ? null : pending.get(notice.request());
        if (p == null) {
            LOG.warn("Coordinator {} reported {}: {}", host, notice.code(), notice.detail());
            return;
        }
        if (notice.code() == ErrorNotice.Code.OVERLOADED) {
            // Not taken: the resend timer offers it again, after resendAfter rather than at once.
            p.refusedAsOverloaded();
            lastProblem = host + " refused it: " + notice.detail();
            return;
        }
        pending.remove(p.id());
        p.cancelTimer();
        e.fail(p.future(), InvalidTransactionException.rejected(p.id(), notice.code() + ": " + notice.detail()));
    }

    private void onRequestTimer(PendingRequest p, Effects e) {
        if (pending.get(p.id()) != p) {
            return;
        }
        long now = scheduler.nowNanos();
        if (now >= p.deadlineNanos()) {
            pending.remove(p.id());
            e.fail(p.future(), p.expired(url.timeout(), url.region(), lastProblem));
            return;
        }
        if (phase == Phase.READY && url.hosts().size() > 1 && now - quietSinceNanos >= silenceLimitNanos()) {
            silent.add(host);
            attemptFailed("sent nothing for " + DurationText.format(Duration.ofNanos(now - quietSinceNanos))
                    + " while requests waited for answers (a paused or hung process?)", e);
        }
        if (p.resendDue(now)) {
            if (phase == Phase.READY) {
                LOG.debug("Request {} is unanswered after {}; sending it again", p.id(), url.resendAfter());
                send(p, now, e);
            } else {
                p.unsent();
            }
        }
        arm(p, now);
    }

    /**
     * How long a ready link may bring nothing at all while requests wait before the next host is
     * tried: {@value #SILENT_RESENDS} resends, at least {@link #MIN_SILENCE}. A coordinator answers
     * within a commit's latency, so such silence means a process that is paused or hung while its
     * connection stays open (a leader frozen by a long pause, whose standby has taken over);
     * nothing else would break the link. The requests go to the next host under their ids, as
     * after any failover, so a slow region costs a reconnection at most. Only with several hosts:
     * with one there is nowhere else to go.
     */
    private long silenceLimitNanos() {
        return Math.max(MIN_SILENCE.toNanos(), SILENT_RESENDS * url.resendAfter().toNanos());
    }

    private void send(PendingRequest p, long now, Effects e) {
        p.sent(now + url.resendAfter().toNanos());
        CoordinatorLink target = link;
        ClientMessage frame = new ClientMessage(p.message(clock));
        e.add(() -> target.send(frame));
    }

    private void arm(PendingRequest p, long now) {
        p.replaceTimer(scheduler.schedule(p.wakeupNanos() - now, () -> step(e -> onRequestTimer(p, e))));
    }

    private void shutDown(CatenaException connectFailure, Effects e) {
        if (phase == Phase.CLOSED) {
            return;
        }
        phase = Phase.CLOSED;
        attempt++;
        cancelAttemptTimer();
        if (link != null) {
            e.add(link::close);
            link = null;
        }
        for (PendingRequest p : pending.values()) {
            p.cancelTimer();
            e.fail(p.future(), p.readWrite() && p.maybeAccepted() ? OutcomeUnknownException.closed(p.id())
                    : new ConnectionClosedException(url.region()));
        }
        pending.clear();
        e.fail(established, connectFailure);
    }

    private void replaceAttemptTimer(Scheduler.Cancellable next) {
        cancelAttemptTimer();
        attemptTimer = next;
    }

    private void cancelAttemptTimer() {
        if (attemptTimer != null) {
            attemptTimer.cancel();
            attemptTimer = null;
        }
    }

    private static String because(Throwable cause) {
        Throwable root = cause instanceof CompletionException && cause.getCause() != null ? cause.getCause() : cause;
        if (root == null) {
            return "";
        }
        return ": " + (root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage());
    }

    /** Hands one link attempt's events to the session, tagged so that stale ones are recognised. */
    private final class AttemptListener implements LinkListener {
        private final int current;

        AttemptListener(int current) {
            this.current = current;
        }

        @Override
        public void onFrame(Frame frame) {
            step(e -> CoordinatorSession.this.onFrame(current, frame, e));
        }

        @Override
        public void onClosed(Throwable cause) {
            step(e -> onLinkClosed(current, cause, e));
        }
    }
}
