package io.catena.microbench;

import io.catena.wire.Frame;

/**
 * A client's {@code SubmitTxn} to its coordinator (see {@link HotPathFrames#submit}): one
 * three-key read-modify-write transaction of {@code kv:records=100000} with 100-byte values.
 */
public class SubmitTxnCodecBenchmark extends FrameCodecBenchmark {

    @Override
    Frame buildFrame() {
        return HotPathFrames.submit(new KvTraffic(100_000, 3, 42).next(), 700);
    }

    @Override
    String describe() {
        return "SubmitTxn with 3 keys";
    }
}
