package io.catena.server.host;

import io.catena.core.id.NodeId;
import io.catena.core.message.Message;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.WorkMeter;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hosts one protocol node with the real clock. Messages, storage completions and wakeups become
 * steps that run one at a time in arrival order on the {@link NodeThread} the node is placed on,
 * each given the time it starts, which is what {@link ProtocolNode} requires; the node's code is
 * the same code the simulator drives.
 *
 * <p>A step that throws is logged and counted, and the node goes on: a protocol bug should be
 * loud, not take the region down. Tests assert that {@link #failedSteps()} stays zero.
 *
 * <p>A node can be {@linkplain #restart restarted} as if it had crashed: each start is a
 * generation, and the storage completions and messages of an earlier generation's node are
 * dropped, so nothing of it survives but what it stored.
 */
public final class NodeRunner implements Outbox, WorkMeter {

    private static final Logger log = LoggerFactory.getLogger(NodeRunner.class);

    private final NodeId id;
    private final MicrosClock clock;
    private final MessageRoute route;
    private final NodeThread thread;
    private final Inbox inbox = new Inbox();
    /** Completions that arrived during a step on this node's thread: they run right after it. */
    private final ArrayDeque<Step> continuations = new ArrayDeque<>();
    /** The thread running one of this node's steps, else null; only that thread ever sees itself here. */
    private Thread stepping;
    /** The inbox's length, kept apart because counting a concurrent queue walks it. */
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicLong failedSteps = new AtomicLong();
    private final AtomicLong steps = new AtomicLong();
    private final AtomicLong keyAccesses = new AtomicLong();
    private final AtomicLong messagesSent = new AtomicLong();
    /** The node's wakeup as a step, made once: a busy node is woken every few milliseconds. */
    private final Step wakeup = now -> this.node.onWakeup(now);
    private volatile ProtocolNode node;
    /** Raised by each start; written on the node's thread once it runs. */
    private volatile int generation;
    private StorageEngine storage;

    /** A runner whose steps will run on {@code thread}. */
    public NodeRunner(NodeId id, MicrosClock clock, MessageRoute route, NodeThread thread) {
        this.id = id;
        this.clock = clock;
        this.route = route;
        this.thread = thread;
    }

    /**
     * Creates the node with ports bound to this runner and hands it to its thread. The factory
     * runs on the caller's thread, before any step.
     */
    public void start(StorageEngine storage, Function<NodePorts, ProtocolNode> factory) {
        if (node != null) {
            throw new IllegalStateException(id + " is already running");
        }
        this.storage = storage;
        node = create(factory, 0);
        thread.host(this);
    }

    /**
     * Replaces the node, on its thread, with a fresh one from {@code factory}, as a crash and
     * restart would: its memory is dropped, what its store holds stays, and what the old node
     * still had in flight (storage completions, messages it would send) is dropped. Messages
     * queued for the node go to the new one, as if they had arrived after the restart. Any thread.
     */
    public void restart(Function<NodePorts, ProtocolNode> factory) {
        post(QueuedStep.of(now -> node = create(factory, generation + 1)));
    }

    private ProtocolNode create(Function<NodePorts, ProtocolNode> factory, int next) {
        generation = next;
        Outbox outbox = (to, message) -> {
            if (generation == next) {
                send(to, message);
            }
        };
        ProtocolNode created = factory.apply(new NodePorts(outbox, new EngineStoragePort(storage, this, next), this));
        if (!created.id().equals(id)) {
            throw new IllegalStateException("runner " + id + " was given node " + created.id());
        }
        return created;
    }

    public NodeId id() {
        return id;
    }

    /** The hosted node, for tests and metrics; its state belongs to the runner's thread. */
    public ProtocolNode node() {
        return node;
    }

    /** Delivers a message as a step of this node. Any thread. */
    public void deliver(NodeId from, Message message) {
        post(new Delivery(from, message));
    }

    /** Runs {@code step} on this node's thread. Any thread. */
    void post(QueuedStep step) {
        queued.incrementAndGet();
        inbox.add(step);
        thread.wake();
    }

    /**
     * Runs a storage completion on this node's thread, never inside the call that registered it.
     * A completion that is ready while one of this node's steps runs (the embedded store
     * completes at once) runs right after that step rather than behind every queued message:
     * under load that queue is where a transaction's time would go, once per storage call on its
     * path. The step itself skips a completion of an earlier generation ({@link #isGeneration}).
     */
    void complete(QueuedStep step) {
        if (stepping == Thread.currentThread()) {
            continuations.add(step);
        } else {
            post(step);
        }
    }

    /** Whether the node running now is the one of {@code stepGeneration}, not restarted since; on its thread. */
    boolean isGeneration(int stepGeneration) {
        return stepGeneration == generation;
    }

    /**
     * Reads the node's state on its own thread, between steps, so the answer is consistent and
     * safely published. For quiescence checks, tests and tools; never on a hot path.
     */
    public <T> CompletableFuture<T> inspect(Function<ProtocolNode, T> query) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        post(QueuedStep.of(now -> {
            try {
                answer.complete(query.apply(node));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        }));
        return answer;
    }

    public int inboxSize() {
        return queued.get();
    }

    /**
     * One turn on the node's thread: the node's wakeup if it is due, then up to {@code maxSteps}
     * queued steps. True if anything ran.
     */
    boolean runTurn(long nowMicros, int maxSteps) {
        boolean ran = false;
        if (node.nextWakeupMicros() <= nowMicros) {
            run(wakeup);
            ran = true;
        }
        for (int i = 0; i < maxSteps; i++) {
            Step step = inbox.poll();
            if (step == null) {
                break;
            }
            queued.decrementAndGet();
            run(step);
            ran = true;
        }
        return ran;
    }

    /** When the node next wants to be woken; read on its thread. */
    long nextWakeupMicros() {
        return node.nextWakeupMicros();
    }

    private void run(Step step) {
        stepping = Thread.currentThread();
        try {
            runOne(step);
            for (Step next = continuations.poll(); next != null; next = continuations.poll()) {
                runOne(next);
            }
        } finally {
            stepping = null;
        }
    }

    private void runOne(Step step) {
        steps.incrementAndGet();
        try {
            step.run(clock.nowMicros());
        } catch (RuntimeException | AssertionError e) {
            failedSteps.incrementAndGet();
            log.error("{}: a protocol step failed; the node goes on", id, e);
        }
    }

    @Override
    public void send(NodeId to, Message message) {
        messagesSent.incrementAndGet();
        route.route(id, to, message);
    }

    @Override
    public void keyAccess(int bytes) {
        keyAccesses.incrementAndGet();
    }

    public long failedSteps() {
        return failedSteps.get();
    }

    public long steps() {
        return steps.get();
    }

    public long keyAccesses() {
        return keyAccesses.get();
    }

    public long messagesSent() {
        return messagesSent.get();
    }

    /** A message for the node, queued as a step of its own. */
    private final class Delivery extends QueuedStep {
        private final NodeId from;
        private final Message message;

        Delivery(NodeId from, Message message) {
            this.from = from;
            this.message = message;
        }

        @Override
        public void run(long nowMicros) {
            node.onMessage(nowMicros, from, message);
        }
    }
}
