package io.catena.wire.codec;

import io.catena.wire.ClientMessage;
import io.catena.wire.Frame;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Smile is the default because it is smaller than JSON where it matters: the sizes of typical
 * hot-path frames are printed for the record (not asserted: numbers belong in benchmarks), and
 * only the comparison is asserted. (Catena's epoch messages: in its wire module.)
 */
class EncodedSizeTest {

    @Test
    void smileIsSmallerThanJsonForHotPathFrames() {
        List<Frame> hotPath = List.of(TypicalFrames.submit(), new ClientMessage(TypicalFrames.transferAdHoc(42, 17, 99)),
                TypicalFrames.reply());
        WireAssertions.assertSmileSmaller(hotPath);
    }
}
