package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;
import io.catena.wire.ErrorNotice;
import io.catena.wire.Hello;
import io.catena.wire.NodeMessage;
import io.catena.wire.ProcessRole;
import io.catena.wire.Refusal;
import io.catena.wire.Welcome;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connection a region process keeps to one peer region, or to another process of its own
 * region (a member: see {@link RegionLayout}), for sending; the peer's messages to us arrive on
 * the connection it keeps to us. The link handshakes, reconnects with exponential backoff and
 * jitter, and applies the {@link WanEmulation} delay to every message.
 *
 * <p>Messages that cannot be sent — the link is down, or its send buffer is over its high-water
 * mark — are dropped and counted. That is safe because every inter-region message of the
 * protocol is retransmitted until acknowledged, and it keeps memory bounded when a peer is slow.
 */
public final class PeerLink implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PeerLink.class);
    private static final long MIN_BACKOFF_MILLIS = 50;
    private static final long MAX_BACKOFF_MILLIS = 5_000;
    private static final long REFUSED_BACKOFF_MILLIS = 30_000;
    private static final long QUIET_LOG_MILLIS = 30_000;
    /**
     * How long the far process may take to answer our Hello: a paused process's socket still
     * accepts connections, and a link waiting on it forever would never try the next address.
     */
    private static final long ANSWER_MILLIS = 10_000;

    private final RegionId self;
    private final RegionId peer;
    private final String peerName;
    private final ProcessRole role;
    /** Where the far process may listen: one address, or a region's coordinator processes, tried in turn. */
    private final List<InetSocketAddress> addresses;
    /** The address being tried or connected; advanced on the link's loop when one fails or refuses. */
    private volatile int current;
    private int failuresThisRound;
    /** Builds our Hello each time the link connects, so that it carries the clock of that moment. */
    private final Supplier<Hello> hello;
    private final WanEmulation wan;
    private final EventLoop loop;
    private final Bootstrap bootstrap;
    private final LinkStats stats = new LinkStats();
    private final int maxQueuedFrames;
    /** Frames accepted by {@link #send} and not yet written: waiting out the WAN delay or for the loop. */
    private final AtomicInteger queued = new AtomicInteger();
    private volatile Channel ready;
    private volatile boolean closed;
    private long backoffMillis = MIN_BACKOFF_MILLIS;
    private long lastComplaintMillis;
    private volatile MemberEvents events = MemberEvents.NONE;

    /**
     * Where a link goes: the process of {@code role} in region {@code peer}, listening at one of
     * {@code addresses} (a region's coordinator processes: the leader serves, standbys refuse);
     * the link refuses a process that answers as another.
     */
    public record Target(RegionId peer, String peerName, ProcessRole role, List<InetSocketAddress> addresses) {

        public Target {
            addresses = List.copyOf(addresses);
            if (addresses.isEmpty()) {
                throw new IllegalArgumentException("a link needs an address to go to");
            }
        }

        /** The process of {@code role} in region {@code peer}, at one address. */
        public Target(RegionId peer, String peerName, ProcessRole role, InetSocketAddress address) {
            this(peer, peerName, role, List.of(address));
        }

        /** The coordinator's process of a peer region, at the region's address. */
        public Target(RegionId peer, String peerName, InetSocketAddress address) {
            this(peer, peerName, ProcessRole.COORDINATOR, address);
        }
    }

    /**
     * A link that holds at most {@code maxQueuedFrames} frames on their way out; beyond that, and
     * beyond the socket's write buffer, new frames are shed (the protocol resends what a peer has
     * not acknowledged, so shedding costs time, never correctness).
     *
     * @param hello builds this region's Hello, on the link's event loop, each time it connects
     */
    public PeerLink(RegionId self, Target target, Supplier<Hello> hello, WanEmulation wan, EventLoop loop,
                    ChannelSetup setup, int maxQueuedFrames) {
        if (maxQueuedFrames < 1) {
            throw new IllegalArgumentException("a peer link must queue at least one frame, not " + maxQueuedFrames);
        }
        this.maxQueuedFrames = maxQueuedFrames;
        this.self = self;
        this.peer = target.peer();
        this.peerName = target.peerName();
        this.role = target.role();
        this.addresses = target.addresses();
        this.hello = hello;
        this.wan = wan;
        this.loop = loop;
        this.bootstrap = new Bootstrap()
                .group(loop)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 3_000)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(8 << 20, 32 << 20))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        setup.installClientSide(ch.pipeline(), address());
                        ch.pipeline().addLast("peer-link", new Handler());
                    }
                });
    }

    /** Tells {@code listener} when the link's handshake completes and when a ready link is lost; before {@link #start}. */
    public void notify(MemberEvents listener) {
        this.events = listener;
    }

    public void start() {
        loop.execute(this::connect);
    }

    /**
     * Drops the connection, if there is one, and dials again, trying the next address first: the
     * far process of this link has been succeeded by another, which may listen elsewhere.
     */
    public void redial() {
        Channel channel = ready;
        if (channel != null) {
            channel.close();
        }
    }

    /** The name of the region the link goes to. */
    public String peerName() {
        return peerName;
    }

    /** The process the link goes to. */
    public ProcessRole role() {
        return role;
    }

    /** Names the far end in log lines: "region eu" or "chain server 1 of region eu". */
    private String far() {
        return role.isCoordinator() ? "region " + peerName : role + " of region " + peerName;
    }

    public RegionId peer() {
        return peer;
    }

    public LinkStats stats() {
        return stats;
    }

    public boolean connected() {
        return ready != null;
    }

    /** Sends one message after the emulated WAN delay. Any thread. */
    public void send(NodeId from, NodeId to, Message message) {
        NodeMessage frame = new NodeMessage(from, to, message);
        long delayMicros = wan == null ? 0 : wan.delayMicros(self, peer);
        if (delayMicros == WanEmulation.LOST) {
            stats.lostByEmulation.incrementAndGet();
            return;
        }
        if (queued.incrementAndGet() > maxQueuedFrames) {
            queued.decrementAndGet();
            stats.shed.incrementAndGet();
            return;
        }
        if (delayMicros == 0) {
            write(frame);
        } else {
            loop.schedule(() -> write(frame), delayMicros, TimeUnit.MICROSECONDS);
        }
    }

    /** Frames on their way out, for tests and metrics. */
    public int queuedFrames() {
        return queued.get();
    }

    private void write(NodeMessage frame) {
        queued.decrementAndGet();
        Channel channel = ready;
        if (channel == null) {
            stats.droppedDisconnected.incrementAndGet();
        } else if (!channel.isWritable()) {
            stats.shed.incrementAndGet();
        } else {
            stats.sent.incrementAndGet();
            channel.writeAndFlush(frame, channel.voidPromise());
        }
    }

    private void connect() {
        if (closed) {
            return;
        }
        ChannelFuture f = bootstrap.connect(address());
        f.addListener(done -> {
            if (!done.isSuccess()) {
                complain("cannot reach " + far() + " at " + hostPort() + " ("
                        + reason(done.cause()) + "); retrying");
                moveOn(backoffMillis);
            }
        });
    }

    private InetSocketAddress address() {
        return addresses.get(current);
    }

    /**
     * After the current address failed: tries the next one at once, or, once every address has
     * failed in this round, the first again after {@code afterMillis}.
     */
    private void moveOn(long afterMillis) {
        current = (current + 1) % addresses.size();
        if (++failuresThisRound < addresses.size()) {
            loop.schedule(this::connect, MIN_BACKOFF_MILLIS / 5, TimeUnit.MILLISECONDS);
            return;
        }
        failuresThisRound = 0;
        retryLater(afterMillis);
    }

    private void retryLater(long afterMillis) {
        if (closed) {
            return;
        }
        long jittered = afterMillis / 2 + ThreadLocalRandom.current().nextLong(afterMillis / 2 + 1);
        backoffMillis = Math.min(MAX_BACKOFF_MILLIS, backoffMillis * 2);
        loop.schedule(this::connect, jittered, TimeUnit.MILLISECONDS);
    }

    private void complain(String line) {
        long now = System.currentTimeMillis();
        if (now - lastComplaintMillis >= QUIET_LOG_MILLIS) {
            lastComplaintMillis = now;
            log.warn(line);
        } else {
            log.debug(line);
        }
    }

    private String hostPort() {
        InetSocketAddress address = address();
        return address.getHostString() + ":" + address.getPort();
    }

    private static String reason(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        String m = root.getMessage();
        return m == null ? root.getClass().getSimpleName() : m;
    }

    @Override
    public void close() {
        closed = true;
        Channel channel = ready;
        ready = null;
        if (channel != null) {
            channel.close();
        }
    }

    /** Handshake, then nothing but answers to it: this connection only carries our messages out. */
    private final class Handler extends SimpleChannelInboundHandler<Object> {

        private boolean refused;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ctx.writeAndFlush(hello.get());
            ctx.executor().schedule(() -> {
                if (ready != ctx.channel() && ctx.channel().isActive()) {
                    complain(far() + " at " + hostPort() + " did not answer our Hello within " + ANSWER_MILLIS
                            + " ms; dialling again");
                    ctx.close();
                }
            }, ANSWER_MILLIS, TimeUnit.MILLISECONDS);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Welcome w) {
                if (w.regionIndex() != peer.index() || !w.region().equals(peerName) || !w.role().equals(role)) {
                    log.error("{} answered as {} of region {} (#{}), but the configuration expects {} there; "
                            + "check the cluster's region list and chainServers addresses", hostPort(), w.role(),
                            w.region(), w.regionIndex(), far());
                    refused = true;
                    ctx.close();
                    return;
                }
                ready = ctx.channel();
                backoffMillis = MIN_BACKOFF_MILLIS;
                failuresThisRound = 0;
                lastComplaintMillis = 0;
                stats.connects.incrementAndGet();
                log.info("connected to {} at {}", far(), hostPort());
                events.connected(role);
            } else if (msg instanceof Refusal r && addresses.size() > 1) {
                // A standby refuses until it leads; the leader is at another of the addresses.
                log.info("{} at {} refused this node: {}; trying the next address", far(), hostPort(), r.reason());
                ctx.close();
            } else if (msg instanceof Refusal r) {
                refused = true;
                log.error("{} at {} refused this node: {}", far(), hostPort(), r.reason());
                ctx.close();
            } else if (msg instanceof ErrorNotice e) {
                // Rate-limited: a peer refuses every epoch message alike (e.g. when the clocks disagree).
                complain(far() + " reports a problem with what we sent: " + e.code() + " " + e.detail());
            } else {
                log.warn("{} sent an unexpected {} on our outbound link; ignored", far(),
                        msg.getClass().getSimpleName());
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (ready == ctx.channel()) {
                ready = null;
                log.warn("lost the connection to {} at {}; reconnecting", far(), hostPort());
                events.lost(role);
            }
            if (addresses.size() > 1 && !refused) {
                moveOn(backoffMillis);
            } else {
                retryLater(refused ? REFUSED_BACKOFF_MILLIS : backoffMillis);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            complain("link to " + far() + " failed: " + reason(cause));
            ctx.close();
        }
    }
}
