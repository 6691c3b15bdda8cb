package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;
import io.catena.wire.ClientMessage;
import io.catena.wire.Frame;
import io.catena.wire.FrameArbitraries;
import io.catena.wire.MalformedFrameException;
import io.catena.wire.MessageArbitraries;
import io.catena.wire.NodeMessage;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * decode(encode(x)) equals x for every frame and message, in both codecs, from a buffer of its own
 * and from a slice in the middle of a larger one (as FrameDecoder passes bodies). jqwik prints
 * the seed of a failing run; rerun it with {@code @Property(seed = "...")}.
 */
class CodecRoundTripTest {

    @Property(tries = 600)
    void everyFrameRoundTrips(@ForAll("frames") Frame frame, @ForAll("codecs") JacksonWireCodec codec,
                              @ForAll boolean inFrame) throws MalformedFrameException {
        byte[] body = Bodies.encode(codec, frame);

        assertThat(Bodies.decode(codec, frame.kind(), body, inFrame)).isEqualTo(frame);
    }

    @Property(tries = 600)
    void everyMessageRoundTripsBetweenNodesAndWithClients(@ForAll("messages") Message message,
                                                         @ForAll("codecs") JacksonWireCodec codec,
                                                         @ForAll boolean inFrame) throws MalformedFrameException {
        NodeMessage betweenNodes = new NodeMessage(NodeId.coordinator(RegionId.of(0)),
                NodeId.chainServer(RegionId.of(2), 7), message);
        ClientMessage withClient = new ClientMessage(message);

        assertThat(Bodies.decode(codec, betweenNodes.kind(), Bodies.encode(codec, betweenNodes), inFrame))
                .isEqualTo(betweenNodes);
        assertThat(Bodies.decode(codec, withClient.kind(), Bodies.encode(codec, withClient), inFrame))
                .isEqualTo(withClient);
    }

    @Provide
    Arbitrary<Frame> frames() {
        return FrameArbitraries.frames();
    }

    @Provide
    Arbitrary<Message> messages() {
        return MessageArbitraries.messages();
    }

    @Provide
    Arbitrary<JacksonWireCodec> codecs() {
        return Arbitraries.of(JacksonWireCodec.smile(), JacksonWireCodec.json());
    }
}
