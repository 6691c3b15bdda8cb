package io.catena.microbench;

import io.catena.wire.Frame;
import io.catena.wire.MalformedFrameException;
import io.catena.wire.WireCodec;
import io.catena.wire.WireCodecs;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Encoding and decoding one frame body with a wire codec, next to the floor of copying the same
 * number of bytes ({@link #copyBytes}). Buffers are pooled direct buffers, as Netty hands them
 * to the codec on a connection; the frame and its encoding are built once per trial, and the
 * encoded size is printed then.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class FrameCodecBenchmark {

    /** The codec's configuration name: {@code smile} (the default) or {@code json}. */
    @Param({"smile", "json"})
    public String codec;

    WireCodec wire;
    Frame frame;
    /** The frame's encoding. */
    byte[] body;
    /** Where {@link #encode} and {@link #copyBytes} write. */
    ByteBuf out;
    /** The encoding, which {@link #decode} reads again and again. */
    ByteBuf in;

    /** The frame to encode; called once per trial. */
    abstract Frame buildFrame();

    /** What the printed size line says the frame is. */
    abstract String describe();

    @Setup(Level.Trial)
    public void setUp() {
        wire = WireCodecs.byName(codec);
        frame = buildFrame();
        out = PooledByteBufAllocator.DEFAULT.directBuffer(64 * 1024);
        wire.encode(frame, out);
        body = ByteBufUtil.getBytes(out);
        in = PooledByteBufAllocator.DEFAULT.directBuffer(body.length).writeBytes(body);
        System.out.printf("%n%s, %s: %d bytes%n", describe(), codec, body.length);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        out.release();
        in.release();
    }

    @Benchmark
    public int encode() {
        out.clear();
        wire.encode(frame, out);
        return out.writerIndex();
    }

    @Benchmark
    public Frame decode() throws MalformedFrameException {
        in.readerIndex(0);
        return wire.decode(frame.kind(), in);
    }

    /** The reference: the memory traffic of the encoding without the codec. */
    @Benchmark
    public int copyBytes() {
        out.clear();
        out.writeBytes(body);
        return out.writerIndex();
    }
}
