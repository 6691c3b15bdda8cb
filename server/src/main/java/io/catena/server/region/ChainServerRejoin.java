package io.catena.server.region;

import io.catena.server.net.MemberEvents;
import io.catena.wire.ProcessRole;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a chain-server process of a split region in step with its region by restarting its chain
 * server whenever messages to or from it may have been lost: nothing inside a region retransmits,
 * and a connection that breaks drops what it held. A restarted chain server is a new incarnation
 * that says hello and is resynced by the coordinator (as after a crash), so the region never goes
 * on with a chain server that missed a footprint, a backward pass or a commit pass.
 *
 * <p>It restarts when a connection to or from another process of the region is made or lost
 * (made too, since what was sent before it was made was dropped), and when the coordinator's
 * process has sent nothing for {@code silence} while connected: footprints come every epoch, so
 * silence means a half-open connection. Restarts asked for together are made once.
 *
 * <p>Threading: events arrive on Netty's loops; the restart runs on {@code loop}.
 */
final class ChainServerRejoin implements MemberEvents, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChainServerRejoin.class);
    /** Events closer together than this make one restart: a member's death breaks both its connections. */
    private static final long COALESCE_MILLIS = 50;

    private final EventLoop loop;
    private final Runnable restart;
    private final long silenceNanos;
    private final AtomicBoolean pending = new AtomicBoolean();
    private final ScheduledFuture<?> watch;
    private volatile boolean coordinatorConnected;
    private volatile long lastHeardNanos = System.nanoTime();

    /**
     * @param restart restarts this process's chain servers; called on {@code loop}
     * @param silence how long the coordinator's process may send nothing before its connection
     *                counts as lost
     */
    ChainServerRejoin(EventLoop loop, Runnable restart, Duration silence) {
        this.loop = loop;
        this.restart = restart;
        this.silenceNanos = silence.toNanos();
        long checkMillis = Math.max(1, silence.toMillis() / 4);
        this.watch = loop.scheduleAtFixedRate(this::checkSilence, checkMillis, checkMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void connected(ProcessRole member) {
        if (member.isCoordinator()) {
            coordinatorConnected = true;
            lastHeardNanos = System.nanoTime();
        }
        restartSoon("connected to " + member);
    }

    @Override
    public void lost(ProcessRole member) {
        if (member.isCoordinator()) {
            coordinatorConnected = false;
        }
        restartSoon("lost a connection with " + member);
    }

    @Override
    public void heard(ProcessRole member) {
        if (member.isCoordinator()) {
            lastHeardNanos = System.nanoTime();
        }
    }

    private void checkSilence() {
        long quietNanos = System.nanoTime() - lastHeardNanos;
        if (coordinatorConnected && quietNanos > silenceNanos) {
            lastHeardNanos = System.nanoTime();
            restartSoon("heard nothing from the coordinator for " + TimeUnit.NANOSECONDS.toMillis(quietNanos) + " ms");
        }
    }

    private void restartSoon(String why) {
        if (pending.compareAndSet(false, true)) {
            loop.schedule(() -> {
                pending.set(false);
                log.info("restarting this process's chain server to rejoin its region: {}", why);
                restart.run();
            }, COALESCE_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() {
        watch.cancel(false);
    }
}
