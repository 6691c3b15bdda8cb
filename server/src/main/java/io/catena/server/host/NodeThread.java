package io.catena.server.host;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A thread that runs the steps of one or more {@link NodeRunner}s, a turn of each in rotation,
 * and sleeps until a step arrives or a node's next wakeup is due.
 *
 * <p>Why nodes share threads: a transaction takes a few dozen steps per region (its hops on the
 * chain servers, storage completions, the coordinator's bookkeeping), and with a thread per node
 * nearly every step is a wakeup of a parked thread. On a machine with fewer cores than nodes that
 * costs more than the steps themselves. Nodes on one thread hand each other work without waking
 * anyone; a region on a large machine spreads its chain servers over more threads.
 *
 * <p>Each node still runs one step at a time in arrival order, as {@code ProtocolNode} requires:
 * a node belongs to exactly one thread.
 */
public final class NodeThread implements AutoCloseable {

    /** Upper bound on an idle sleep, so a stop request is noticed promptly. */
    private static final long MAX_IDLE_MICROS = 100_000;
    /** Steps one node may run before the next node gets its turn. */
    private static final int STEPS_PER_TURN = 64;

    private final MicrosClock clock;
    /**
     * The hosted runners, replaced whole when one is added (rarely), so that a turn of the loop,
     * which runs for every few steps, walks an array rather than allocating an iterator.
     */
    private volatile NodeRunner[] runners = new NodeRunner[0];
    private final Thread thread;
    private volatile boolean running = true;

    public NodeThread(String name, MicrosClock clock) {
        this.clock = clock;
        this.thread = new Thread(this::loop, name);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** Starts running {@code runner}'s steps on this thread. */
    synchronized void host(NodeRunner runner) {
        NodeRunner[] more = Arrays.copyOf(runners, runners.length + 1);
        more[runners.length] = runner;
        runners = more;
        wake();
    }

    /** Makes the thread take another look at its nodes' inboxes. Any thread; cheap on its own. */
    void wake() {
        if (Thread.currentThread() != thread) {
            LockSupport.unpark(thread);
        }
    }

    boolean isCurrent() {
        return Thread.currentThread() == thread;
    }

    private void loop() {
        while (running) {
            long now = clock.nowMicros();
            boolean worked = false;
            long nextWakeup = now + MAX_IDLE_MICROS;
            for (NodeRunner runner : runners) {
                worked |= runner.runTurn(now, STEPS_PER_TURN);
                nextWakeup = Math.min(nextWakeup, runner.nextWakeupMicros());
            }
            if (!worked) {
                // A step delivered after its node's turn unparks us, and a pending unpark makes
                // this return at once: no arrival is slept through.
                long sleepMicros = nextWakeup - clock.nowMicros();
                if (sleepMicros > 0) {
                    LockSupport.parkNanos(this, TimeUnit.MICROSECONDS.toNanos(sleepMicros));
                }
            }
        }
    }

    /** Stops the thread; steps still queued are discarded, as when a process stops. */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        if (!isCurrent()) {
            try {
                thread.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
