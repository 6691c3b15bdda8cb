package io.catena.client.fake;

import io.catena.client.spi.CoordinatorLink;
import io.catena.client.spi.LinkListener;
import io.catena.core.id.RequestId;
import io.catena.core.message.Message;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.wire.ClientMessage;
import io.catena.wire.Frame;
import io.catena.wire.Hello;
import io.catena.wire.ProcessRole;
import io.catena.wire.Refusal;
import io.catena.wire.Welcome;
import io.catena.wire.WireProtocol;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * A scripted coordinator behind one host: it greets as told, records every client message, and
 * answers each with what its responder returns (no answer when that is null). Tests can also push
 * frames to the client and cut links.
 */
public final class FakeCoordinator {

    /** How the coordinator answers a client's hello. */
    public enum Greeting { WELCOME, REFUSE, SILENT, WRONG_REGION }

    private final String cluster;
    private final String region;
    private final List<Message> received = new CopyOnWriteArrayList<>();
    private final List<Frame> hellos = new CopyOnWriteArrayList<>();
    private final List<FakeLink> links = new CopyOnWriteArrayList<>();
    private volatile Greeting greeting = Greeting.WELCOME;
    private volatile Function<Message, TxnReply> responder = m -> null;
    private volatile Executor replies = Runnable::run;
    private volatile boolean up = true;
    private volatile long clockMicros = 1_000_000_000L;

    public FakeCoordinator(String cluster, String region) {
        this.cluster = cluster;
        this.region = region;
    }

    public FakeCoordinator greeting(Greeting g) {
        this.greeting = g;
        return this;
    }

    /** What its next Welcomes say its cluster clock reads. */
    public FakeCoordinator clockReads(long micros) {
        this.clockMicros = micros;
        return this;
    }

    /** Answers each client message with {@code r.apply(message)}; null means no answer. */
    public FakeCoordinator respondWith(Function<Message, TxnReply> r) {
        this.responder = r;
        return this;
    }

    /** Delivers answers through {@code executor} instead of on the sending thread. */
    public FakeCoordinator replyOn(Executor executor) {
        this.replies = executor;
        return this;
    }

    /** Every SubmitTxn / SubmitReadOnly received, in order, resends included. */
    public List<Message> received() {
        return new ArrayList<>(received);
    }

    /** The request id of every message received, in order. */
    public List<RequestId> receivedIds() {
        List<RequestId> ids = new ArrayList<>();
        for (Message m : received) {
            ids.add(m instanceof SubmitTxn s ? s.request() : ((SubmitReadOnly) m).request());
        }
        return ids;
    }

    /** Every hello received. */
    public List<Frame> hellos() {
        return new ArrayList<>(hellos);
    }

    public boolean isUp() {
        return up;
    }

    /** Cuts every link and refuses new ones, like a crashed process. */
    public void crash() {
        up = false;
        disconnectAll();
    }

    /** Cuts every open link from the server side. */
    public void disconnectAll() {
        for (FakeLink l : links) {
            l.cut(new IOException("Connection reset by peer"));
        }
    }

    /** Sends a frame to the client on the newest open link. */
    public void push(Frame frame) {
        for (int i = links.size() - 1; i >= 0; i--) {
            if (links.get(i).open) {
                links.get(i).deliver(frame);
                return;
            }
        }
        throw new IllegalStateException("no open link to push on");
    }

    /**
     * Delivers a frame on the newest link even if it has closed: a frame that was already on its
     * way when the client gave the link up, as a real transport can race.
     */
    public void pushLate(Frame frame) {
        links.get(links.size() - 1).listener.onFrame(frame);
    }

    /** How many links are open. */
    public long openLinks() {
        return links.stream().filter(l -> l.open).count();
    }

    /** A coordinator's Welcome of this client version, with a clock reading. */
    public static Welcome welcome(String cluster, String region, long clockMicros) {
        return new Welcome(WireProtocol.VERSION, cluster, region, 0, 1, ProcessRole.COORDINATOR,
                OptionalLong.of(clockMicros));
    }

    CoordinatorLink accept(LinkListener listener) {
        FakeLink link = new FakeLink(listener);
        links.add(link);
        return link;
    }

    private void onFrame(FakeLink link, Frame frame) {
        if (frame instanceof Hello h) {
            hellos.add(h);
            greet(link);
        } else if (frame instanceof ClientMessage m) {
            received.add(m.message());
            TxnReply reply = responder.apply(m.message());
            if (reply != null) {
                replies.execute(() -> link.deliver(new ClientMessage(reply)));
            }
        }
    }

    private void greet(FakeLink link) {
        switch (greeting) {
            case WELCOME -> link.deliver(welcome(cluster, region, clockMicros));
            case WRONG_REGION -> link.deliver(welcome(cluster, region + "-other", clockMicros));
            case REFUSE -> {
                link.deliver(new Refusal("cluster name does not match"));
                link.cut(null);
            }
            case SILENT -> { }
        }
    }

    /** One link; deliveries to the client are serialised per link, as the transport contract requires. */
    private final class FakeLink implements CoordinatorLink {
        private final LinkListener listener;
        private volatile boolean open = true;

        FakeLink(LinkListener listener) {
            this.listener = listener;
        }

        @Override
        public void send(Frame frame) {
            if (open) {
                onFrame(this, frame);
            }
        }

        @Override
        public void close() {
            cut(null);
        }

        synchronized void deliver(Frame frame) {
            if (open) {
                listener.onFrame(frame);
            }
        }

        synchronized void cut(Throwable cause) {
            if (open) {
                open = false;
                listener.onClosed(cause);
            }
        }
    }
}
