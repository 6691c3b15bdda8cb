package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.wire.ClientMessage;
import io.catena.wire.Frame;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Smile is the default because it is smaller than JSON where it matters: the sizes of typical
 * hot-path frames are printed for the record (not asserted: numbers belong in benchmarks), and
 * only the comparison is asserted.
 */
class EncodedSizeTest {

    @Test
    void smileIsSmallerThanJsonForHotPathFrames() {
        List<Frame> hotPath = List.of(TypicalFrames.submit(), new ClientMessage(TypicalFrames.transferAdHoc(42, 17, 99)),
                TypicalFrames.reply(), TypicalFrames.epochMessage(1), TypicalFrames.epochMessage(100));
        WireAssertions.assertSmileSmaller(hotPath);
    }

    @Test
    void smileSharesRepeatedNamesSoEpochMessagesGrowByLessThanTheirJson() {
        int smileOne = Bodies.encode(JacksonWireCodec.smile(), TypicalFrames.epochMessage(1)).length;
        int smileHundred = Bodies.encode(JacksonWireCodec.smile(), TypicalFrames.epochMessage(100)).length;
        int jsonOne = Bodies.encode(JacksonWireCodec.json(), TypicalFrames.epochMessage(1)).length;
        int jsonHundred = Bodies.encode(JacksonWireCodec.json(), TypicalFrames.epochMessage(100)).length;

        assertThat((smileHundred - smileOne) * 2).isLessThan(jsonHundred - jsonOne);
    }
}
