package io.catena.server.net;

import static io.catena.server.net.ForgedEpochs.BEYOND;
import static io.catena.server.net.ForgedEpochs.FUTURE_EPOCH;
import static io.catena.server.net.LoopbackCluster.EU;
import static io.catena.server.net.LoopbackCluster.US;
import static io.catena.server.net.Sentences.assertOneSentence;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.EpochMessage;
import io.catena.catenae.message.Footprints;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RequestId;
import io.catena.core.message.Message;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import io.catena.wire.ClientMessage;
import io.catena.wire.ErrorNotice;
import io.catena.wire.Frame;
import io.catena.wire.NodeMessage;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A connection that said Hello as a client and then talks like a node: epoch messages (as node
 * frames or wrapped as client messages), chain-server traffic, replies. A client may submit
 * transactions, snapshot reads and outcome queries and nothing else, so each is answered INVALID
 * and goes nowhere,
 * and the connection carries on. The forged epoch message names a region beyond the cluster, so
 * had it reached the coordinator its step would have failed.
 */
class ClientImpersonationTest {

    @RegisterExtension
    static final LoopbackCluster cluster = new LoopbackCluster();

    @AfterEach
    void theProtocolIsUnaffected() {
        cluster.assertServes(US);
    }

    static Stream<Arguments> nodeTalk() {
        EpochMessage forged = ForgedEpochs.message(EU,
                List.of(ForgedEpochs.record(EU, FUTURE_EPOCH), ForgedEpochs.emptyRecord(BEYOND, 3)),
                ForgedEpochs.timetable(FUTURE_EPOCH));
        Message footprints = new Footprints(3, List.of(), Version.ZERO);
        Message reply = new TxnReply(new RequestId(1, 999), TxnResult.rejected("forged"), null, false);
        return Stream.of(
                Arguments.of("an epoch message as a node frame",
                        new NodeMessage(NodeId.coordinator(EU), NodeId.coordinator(US), forged), "NODE_MESSAGE"),
                Arguments.of("chain-server traffic as a node frame",
                        new NodeMessage(NodeId.coordinator(US), NodeId.chainServer(US, 0), footprints), "NODE_MESSAGE"),
                Arguments.of("an epoch message as a client message", new ClientMessage(forged), "EPOCH_MESSAGE"),
                Arguments.of("chain-server traffic as a client message", new ClientMessage(footprints), "FOOTPRINTS"),
                Arguments.of("a reply as a client message", new ClientMessage(reply), "TXN_REPLY"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nodeTalk")
    void nodeTalkOnAClientConnectionIsRefusedAndTheConnectionCarriesOn(String what, Frame frame, String named)
            throws Exception {
        try (FrameSocket s = cluster.admittedClient(US)) {
            s.send(frame);
            ErrorNotice notice = s.receive(ErrorNotice.class);
            RequestId request = cluster.nextRequest();
            s.send(Submissions.increment(cluster, request, "impersonator"));

            assertThat(notice.code()).isEqualTo(ErrorNotice.Code.INVALID);
            assertThat(notice.detail()).contains("a client may send only transactions, snapshot reads and outcome queries", named);
            assertOneSentence(notice.detail());
            assertThat(Submissions.reply(s, request).result().outcome()).as("the connection's own transaction")
                    .isEqualTo(Outcome.COMMITTED);
        }
    }
}
