package io.catena.simulation.host;

import io.catena.core.id.NodeId;
import io.catena.core.message.Message;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.spi.WorkMeter;
import io.catena.simulation.engine.EventLoop;
import io.catena.harness.SeededRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Hosts one protocol node in the simulator: a single CPU that runs the node's steps one at a time
 * (messages, wakeups, storage completions) in arrival order. A step starts when the CPU is free,
 * takes the service time its reported work costs, and its messages leave when it ends.
 *
 * <p>The node sees its region's clock (simulated time plus the region's offset). A crashed node
 * loses its inbox and everything addressed to it until it is replaced; a paused region's nodes
 * keep their inbox and resume where they stopped.
 */
public final class SimNode implements Outbox, WorkMeter {

    /** What the host delivers messages with: the network. */
    public interface Sender {
        void send(NodeId from, NodeId to, Message message, long atMicros);
    }

    private final NodeId id;
    private final EventLoop loop;
    private final Sender sender;
    private final CostModel cost;
    private final SeededRandom random;
    private final RegionClock clock;
    private ProtocolNode node;
    private long incarnation;
    private boolean down;
    private long busyUntil;
    /** This node alone is stopped until then (a process frozen, as an old leader in a GC pause). */
    private long pausedUntil;
    private boolean draining;
    private final ArrayDeque<Consumer<Long>> inbox = new ArrayDeque<>();
    private long scheduledWakeup = Long.MAX_VALUE;
    private final List<Object[]> stepOutput = new ArrayList<>();
    private int stepAccesses;
    private long stepBytes;
    private long busyMicros;
    private long sent;

    /** A region's clock offset and pause state, shared by the region's nodes. */
    public interface RegionClock {
        long offsetMicros();

        double speed();

        long pausedUntilMicros();
    }

    public SimNode(NodeId id, EventLoop loop, Sender sender, CostModel cost, SeededRandom random, RegionClock clock) {
        this.id = id;
        this.loop = loop;
        this.sender = sender;
        this.cost = cost;
        this.random = random;
        this.clock = clock;
    }

    public NodeId id() {
        return id;
    }

    public long incarnation() {
        return incarnation;
    }

    public boolean down() {
        return down;
    }

    public ProtocolNode node() {
        return node;
    }

    /** Installs a node (at start, or as the replacement after a crash). */
    public void install(ProtocolNode newNode) {
        node = newNode;
        down = false;
        inbox.clear();
        draining = false;
        scheduledWakeup = Long.MAX_VALUE;
        busyUntil = loop.now();
        scheduleWakeup();
    }

    /** Crashes the node: memory and inbox are lost; storage is not. */
    public void crash() {
        down = true;
        incarnation++;
        node = null;
        inbox.clear();
    }

    /**
     * Freezes this node alone until {@code micros}: its steps wait, its inbox keeps filling, and it
     * resumes where it stopped, unaware of the time that passed.
     */
    public void pauseUntil(long micros) {
        pausedUntil = Math.max(pausedUntil, micros);
    }

    private long pausedUntilMicros() {
        return Math.max(pausedUntil, clock.pausedUntilMicros());
    }

    /** The incarnation a restarted node should announce. */
    public long nextIncarnation() {
        return incarnation;
    }

    public long localNow() {
        return loop.now() + clock.offsetMicros();
    }

    public void deliver(NodeId from, Message message) {
        if (down) {
            return;
        }
        long inc = incarnation;
        enqueue(now -> {
            if (inc == incarnation && node != null) {
                loop.trace().record(loop.now(), from + ">" + id + ":" + message.type());
                node.onMessage(now, from, message);
            }
        });
    }

    /** Runs a completion (storage) as a step of this node, if the node that asked is still alive. */
    public void complete(long askedIncarnation, Consumer<Long> step) {
        if (down || askedIncarnation != incarnation) {
            return;
        }
        enqueue(step);
    }

    private void enqueue(Consumer<Long> step) {
        inbox.add(step);
        if (!draining) {
            draining = true;
            loop.at(Math.max(busyUntil, pausedUntilMicros()), this::drainOne);
        }
    }

    private void drainOne() {
        if (down) {
            draining = false;
            return;
        }
        long paused = pausedUntilMicros();
        if (paused > loop.now()) {
            loop.at(paused, this::drainOne);
            return;
        }
        Consumer<Long> step = inbox.poll();
        if (step == null) {
            draining = false;
            return;
        }
        stepAccesses = 0;
        stepBytes = 0;
        stepOutput.clear();
        step.accept(localNow());
        long service = cost.serviceMicros(id, stepAccesses, stepBytes, clock.speed(), random.gaussian());
        busyUntil = loop.now() + service;
        busyMicros += service;
        for (Object[] out : stepOutput) {
            sender.send(id, (NodeId) out[0], (Message) out[1], busyUntil);
        }
        sent += stepOutput.size();
        stepOutput.clear();
        scheduleWakeup();
        if (inbox.isEmpty()) {
            draining = false;
        } else {
            loop.at(busyUntil, this::drainOne);
        }
    }

    private void scheduleWakeup() {
        if (node == null || down) {
            return;
        }
        long wantLocal = node.nextWakeupMicros();
        if (wantLocal == Long.MAX_VALUE) {
            return;
        }
        long want = wantLocal - clock.offsetMicros();
        if (want >= scheduledWakeup) {
            return;
        }
        scheduledWakeup = want;
        long inc = incarnation;
        loop.at(want, () -> {
            if (inc != incarnation || scheduledWakeup != want) {
                return;
            }
            scheduledWakeup = Long.MAX_VALUE;
            enqueue(now -> {
                if (inc == incarnation && node != null) {
                    node.onWakeup(now);
                }
            });
        });
    }

    @Override
    public void send(NodeId to, Message message) {
        stepOutput.add(new Object[] {to, message});
    }

    @Override
    public void keyAccess(int bytes) {
        stepAccesses++;
        stepBytes += bytes;
    }

    /** Messages this host's nodes have sent. */
    public long sent() {
        return sent;
    }

    /** Total simulated CPU time this node has used. */
    public long busyMicros() {
        return busyMicros;
    }
}
