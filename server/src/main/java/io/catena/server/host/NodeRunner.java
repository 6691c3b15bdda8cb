package io.catena.server.host;

import io.catena.core.id.NodeId;
import io.catena.core.message.Message;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.WorkMeter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hosts one protocol node on a thread of its own with the real clock. Messages, storage
 * completions and wakeups become steps that run one at a time in arrival order, each given the
 * time it starts, which is what {@link ProtocolNode} requires; the node's code is the same code
 * the simulator drives.
 *
 * <p>A step that throws is logged and counted, and the node goes on: a protocol bug should be
 * loud, not take the region down. Tests assert that {@link #failedSteps()} stays zero.
 */
public final class NodeRunner implements Outbox, WorkMeter, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(NodeRunner.class);
    /** Upper bound on an idle wait, so a stop request is noticed promptly. */
    private static final long MAX_IDLE_MICROS = 100_000;

    private final NodeId id;
    private final MicrosClock clock;
    private final MessageRoute route;
    private final LinkedBlockingQueue<Step> inbox = new LinkedBlockingQueue<>();
    private final AtomicLong failedSteps = new AtomicLong();
    private final AtomicLong steps = new AtomicLong();
    private final AtomicLong keyAccesses = new AtomicLong();
    private final AtomicLong messagesSent = new AtomicLong();
    private volatile ProtocolNode node;
    private volatile boolean running;
    private Thread thread;

    public NodeRunner(NodeId id, MicrosClock clock, MessageRoute route) {
        this.id = id;
        this.clock = clock;
        this.route = route;
    }

    /**
     * Creates the node with ports bound to this runner and starts its thread. The factory runs on
     * the caller's thread, before any step.
     */
    public void start(StorageEngine storage, Function<NodePorts, ProtocolNode> factory) {
        if (thread != null) {
            throw new IllegalStateException(id + " is already running");
        }
        NodePorts ports = new NodePorts(this, new EngineStoragePort(storage, this), this);
        node = factory.apply(ports);
        if (!node.id().equals(id)) {
            throw new IllegalStateException("runner " + id + " was given node " + node.id());
        }
        running = true;
        thread = new Thread(this::loop, "catena-" + id.toString().replace('/', '-'));
        thread.setDaemon(true);
        thread.start();
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
        inbox.add(now -> node.onMessage(now, from, message));
    }

    /** Runs {@code step} on this node's thread (storage completions). Any thread. */
    void post(Step step) {
        inbox.add(step);
    }

    /**
     * Reads the node's state on its own thread, between steps, so the answer is consistent and
     * safely published. For quiescence checks, tests and tools; never on a hot path.
     */
    public <T> CompletableFuture<T> inspect(Function<ProtocolNode, T> query) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        inbox.add(now -> {
            try {
                answer.complete(query.apply(node));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        return answer;
    }

    public int inboxSize() {
        return inbox.size();
    }

    private void loop() {
        try {
            while (running) {
                long now = clock.nowMicros();
                long wake = node.nextWakeupMicros();
                if (wake <= now) {
                    run(n -> node.onWakeup(n));
                    continue;
                }
                long waitMicros = Math.min(wake - now, MAX_IDLE_MICROS);
                Step step = inbox.poll(waitMicros, TimeUnit.MICROSECONDS);
                if (step != null) {
                    run(step);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run(Step step) {
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

    /** Stops the thread; queued steps are discarded, as when a process stops. */
    @Override
    public void close() {
        running = false;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
            try {
                t.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
