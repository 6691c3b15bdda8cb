package io.catena.server.net;

import static io.catena.server.net.LoopbackCluster.US;
import static io.catena.server.net.Sentences.assertOneSentence;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.id.RequestId;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Outcome;
import io.catena.wire.ErrorNotice;
import io.catena.wire.FrameKind;
import io.catena.wire.Refusal;
import io.catena.wire.WireProtocol;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Bytes that are not what a client should send, thrown at a serving region after the handshake
 * (before it, see {@link HandshakeRefusalTest}). Broken framing cannot be recovered from: the
 * client is told why where the wire still allows it and the connection is closed. A frame that is
 * framed right but says nothing sensible is answered with a notice and the connection carries on.
 * After each test the region must still commit a client-library transaction with no failed step.
 */
class MalformedFrameTest {

    @RegisterExtension
    static final LoopbackCluster cluster = new LoopbackCluster();

    @AfterEach
    void theRegionStillServes() {
        cluster.assertServes(US);
    }

    @Test
    void aLengthPrefixBeyondTheFrameLimitIsAnsweredTooLargeAndClosed() throws IOException {
        try (FrameSocket s = cluster.admittedClient(US)) {
            s.sendRaw(ByteBuffer.allocate(9).putInt(Integer.MAX_VALUE).put((byte) FrameKind.CLIENT_MESSAGE.wireId())
                    .putInt(0xdeadbeef).array());

            ErrorNotice notice = s.receive(ErrorNotice.class);

            assertThat(notice.code()).isEqualTo(ErrorNotice.Code.TOO_LARGE);
            assertThat(notice.detail()).contains(String.valueOf(Integer.MAX_VALUE),
                    "frame limit of " + WireProtocol.DEFAULT_MAX_FRAME_BYTES);
            assertOneSentence(notice.detail());
            assertThat(s.closedByPeer(Duration.ofSeconds(5))).as("closed: framing is lost").isTrue();
        }
    }

    @Test
    void aFrameOfLengthZeroIsAnsweredMalformedAndClosed() throws IOException {
        try (FrameSocket s = cluster.admittedClient(US)) {
            s.sendRaw(new byte[] {0, 0, 0, 0, 1, 2, 3});

            ErrorNotice notice = s.receive(ErrorNotice.class);

            assertThat(notice.code()).isEqualTo(ErrorNotice.Code.MALFORMED);
            assertThat(notice.detail()).contains("length 0");
            assertThat(s.closedByPeer(Duration.ofSeconds(5))).isTrue();
        }
    }

    @Test
    void aFrameOfAnUnknownKindIsAnsweredMalformedAndClosed() throws IOException {
        try (FrameSocket s = cluster.admittedClient(US)) {
            s.sendRaw(FrameSocket.framed(99, "from a newer protocol"));

            ErrorNotice notice = s.receive(ErrorNotice.class);

            assertThat(notice.code()).isEqualTo(ErrorNotice.Code.MALFORMED);
            assertThat(notice.detail()).contains("kind 99");
            assertThat(s.closedByPeer(Duration.ofSeconds(5))).isTrue();
        }
    }

    @Test
    void aFrameThatDecodesToNonsenseIsAnsweredAndTheConnectionCarriesOn() throws IOException {
        try (FrameSocket s = cluster.admittedClient(US)) {
            s.sendRaw(FrameSocket.framed(FrameKind.CLIENT_MESSAGE.wireId(), "{\"not\": \"a message\"}"));

            ErrorNotice notice = s.receive(ErrorNotice.class);
            RequestId request = cluster.nextRequest();
            s.send(Submissions.increment(cluster, request, "after-nonsense"));
            TxnReply reply = Submissions.reply(s, request);

            assertThat(notice.code()).isEqualTo(ErrorNotice.Code.MALFORMED);
            assertOneSentence(notice.detail());
            assertThat(reply.result().outcome()).as("the next transaction on the connection")
                    .isEqualTo(Outcome.COMMITTED);
        }
    }

    @Test
    void handshakeFramesAfterTheHandshakeAreAnsweredInvalidAndTheConnectionCarriesOn() throws IOException {
        try (FrameSocket s = cluster.admittedClient(US)) {
            s.send(Hellos.client(cluster.clusterName(), "us"));
            ErrorNotice secondHello = s.receive(ErrorNotice.class);
            s.send(new Refusal("a client has no business refusing"));
            ErrorNotice refusal = s.receive(ErrorNotice.class);
            RequestId request = cluster.nextRequest();
            s.send(Submissions.increment(cluster, request, "after-handshake-frames"));

            assertThat(Submissions.reply(s, request).result().outcome()).isEqualTo(Outcome.COMMITTED);
            assertThat(secondHello.code()).isEqualTo(ErrorNotice.Code.INVALID);
            assertThat(secondHello.detail()).contains("only transactions, snapshot reads and outcome queries", "HELLO");
            assertThat(refusal.detail()).contains("REFUSAL");
            assertOneSentence(secondHello.detail());
        }
    }

    /** Half a transaction, then the client is gone: the decoder drops the half, nothing runs. */
    @Test
    void aTruncatedTransactionFollowedByAHangUpRunsNothing() throws Exception {
        byte[] whole = FrameSocket.encode(Submissions.increment(cluster, cluster.nextRequest(), "truncated"));
        try (FrameSocket s = cluster.admittedClient(US)) {
            s.sendRaw(Arrays.copyOf(whole, whole.length / 2));
            s.shutdownOutput();

            assertThat(s.closedByPeer(Duration.ofSeconds(5))).as("the node closes its side too").isTrue();
        }
        cluster.increment(US, "after-truncated");

        cluster.assertSettledAndIdentical();
        assertThat(cluster.anyRegionHolds("truncated")).as("the truncated transaction ran").isFalse();
        assertThat(cluster.counter(US, "after-truncated")).isEqualTo(1);
    }

    @Test
    void aTruncatedHelloFollowedByAHangUpIsDropped() throws IOException {
        byte[] hello = FrameSocket.encode(Hellos.client(cluster.clusterName(), "us"));
        try (FrameSocket s = FrameSocket.connect(cluster.address(US))) {
            s.sendRaw(Arrays.copyOf(hello, hello.length - 3));
            s.shutdownOutput();

            assertThat(s.closedByPeer(Duration.ofSeconds(5))).isTrue();
        }
    }

}
