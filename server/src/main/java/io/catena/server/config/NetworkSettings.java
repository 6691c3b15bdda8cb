package io.catena.server.config;

import io.catena.wire.WireProtocol;
import java.util.Objects;
import java.util.Optional;

/**
 * How this process uses the network ({@code network:} in the file); each setting's name, default
 * and rule is its {@link NetworkKeys} key. Per process: not part of the cluster fingerprint.
 *
 * @param listenHost      the interface to listen on for the region port and the metrics port,
 *                        such as {@code 0.0.0.0} when the advertised address is not on a local
 *                        interface (behind NAT, on a cloud VM's external IP); default: the host
 *                        of each advertised endpoint
 * @param maxFrameBytes   largest frame accepted; a larger one closes the connection (default
 *                        16MiB, {@link WireProtocol#DEFAULT_MAX_FRAME_BYTES}; from 64KiB to 1GiB)
 * @param sendQueueFrames frames a peer link holds on their way out (waiting out the emulated WAN
 *                        delay or for the network thread) before it sheds new ones, which the
 *                        protocol resends (default 10000, at least 1)
 */
public record NetworkSettings(Optional<String> listenHost, ByteSize maxFrameBytes, int sendQueueFrames) {

    /** Smallest {@link #maxFrameBytes}: below it, an epoch record of a busy region would not fit. */
    public static final ByteSize MIN_FRAME = ByteSize.ofKibibytes(64);

    /** Largest {@link #maxFrameBytes}: a frame is buffered whole, so a bound keeps memory sane. */
    public static final ByteSize MAX_FRAME = ByteSize.ofMebibytes(1024);

    public NetworkSettings {
        Objects.requireNonNull(listenHost, "listenHost");
        Objects.requireNonNull(maxFrameBytes, "maxFrameBytes");
    }

    /** The defaults. */
    public static NetworkSettings defaults() {
        return new NetworkSettings(NetworkKeys.LISTEN_HOST.defaultValue(), NetworkKeys.MAX_FRAME_BYTES.byDefault(),
                NetworkKeys.SEND_QUEUE_FRAMES.byDefault());
    }

    public NetworkSettings withListenHost(String host) {
        return new NetworkSettings(Optional.of(host), maxFrameBytes, sendQueueFrames);
    }

    public NetworkSettings withMaxFrameBytes(ByteSize size) {
        return new NetworkSettings(listenHost, size, sendQueueFrames);
    }

    public NetworkSettings withSendQueueFrames(int frames) {
        return new NetworkSettings(listenHost, maxFrameBytes, frames);
    }
}
