package io.catena.microbench;

import io.catena.wire.Frame;
import org.openjdk.jmh.annotations.Param;

/**
 * A coordinator's epoch message to a peer region (see {@link HotPathFrames#epochMessage}), one
 * record of {@link #txns} three-key read-modify-write transactions with 100-byte values.
 */
public class EpochMessageCodecBenchmark extends FrameCodecBenchmark {

    /** Transactions in the record: 1, and 50 (5,000 txn/s submitted in the region at 10 ms epochs). */
    @Param({"1", "50"})
    public int txns;

    @Override
    Frame buildFrame() {
        return HotPathFrames.epochMessage(new KvTraffic(100_000, 3, 42).uncontendedEpoch(txns));
    }

    @Override
    String describe() {
        return "EpochMessage with " + txns + " txns";
    }
}
