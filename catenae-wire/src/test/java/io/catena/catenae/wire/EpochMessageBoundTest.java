package io.catena.catenae.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.EpochMessage;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.EncodedSize;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.wire.CoreArbitraries;
import io.catena.wire.NodeMessage;
import io.catena.wire.codec.Bodies;
import io.catena.wire.codec.JacksonWireCodec;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The coordinator fills an epoch message up to {@code maxEpochMessageBytes} by
 * {@link EncodedSize}, so a whole epoch-message frame must never take more than its bound
 * (wire's {@code EncodedSizeBoundTest} checks the records in it). jqwik prints the seed of a
 * failing run.
 */
class EpochMessageBoundTest {

    @Property(tries = 300)
    void anEpochMessageFrameNeverTakesMoreThanItsBound(@ForAll @IntRange(min = 1, max = 9) int regions,
                                                       @ForAll("recordLists") List<RLogRecord> records,
                                                       @ForAll("nodes") NodeId from, @ForAll("nodes") NodeId to) {
        Timetable timetable = timetable(regions, Long.MAX_VALUE);
        NodeMessage frame = new NodeMessage(from, to, new EpochMessage(RegionId.of(regions - 1), records, timetable));
        long bound = EncodedSize.epochMessageSkeleton(regions);
        for (RLogRecord r : records) {
            bound += EncodedSize.record(r);
        }

        // The frame limit counts the kind byte and the body.
        assertThat(1L + Bodies.encode(JacksonWireCodec.smile(), frame).length).isLessThanOrEqualTo(bound);
    }

    @Provide
    Arbitrary<List<RLogRecord>> recordLists() {
        return CoreArbitraries.largeRecords().list().ofMaxSize(4);
    }

    @Provide
    Arbitrary<NodeId> nodes() {
        return CoreArbitraries.nodes();
    }

    private static Timetable timetable(int regions, long epoch) {
        EpochVector[] rows = new EpochVector[regions];
        long[] row = new long[regions];
        Arrays.fill(row, epoch);
        Arrays.fill(rows, EpochVector.of(row));
        return Timetable.of(rows);
    }
}
