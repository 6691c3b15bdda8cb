package io.catena.server.config;

import io.catena.core.config.keys.ValueForms;
import io.catena.core.config.keys.ValueKey;
import io.catena.wire.WireProtocol;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * How a process uses the network ({@code network:} in a region's file): the catalogue of its
 * keys, in the order a file lists them. {@link NetworkSettings} holds the values; the reader
 * only reads their form, and {@link ConfigValidator} checks each with its key's rule, for a
 * file and for settings built in code alike.
 */
final class NetworkKeys {

    static final ValueKey<String> LISTEN_HOST = new ValueKey<>("listenHost", "a host such as 0.0.0.0",
            Function.identity(), host -> host, Optional.empty(), NetworkKeys::host,
            "interface to listen on for the region and metrics ports; default: the host of each advertised endpoint");

    static final ValueKey<ByteSize> MAX_FRAME_BYTES = new ValueKey<>("maxFrameBytes", "a size such as 16MiB",
            ByteSize::parse, ByteSize::toString, Optional.of(ByteSize.ofBytes(WireProtocol.DEFAULT_MAX_FRAME_BYTES)),
            NetworkKeys::frame, "largest frame accepted; a larger one closes the connection");

    static final ValueKey<Integer> SEND_QUEUE_FRAMES = new ValueKey<>("sendQueueFrames", "a whole number",
            ValueForms::wholeNumber, frames -> frames, Optional.of(10_000), ValueForms.atLeast(1),
            "frames a peer link holds on their way out before it sheds new ones, which the protocol resends");

    static final List<ValueKey<?>> ALL = List.of(LISTEN_HOST, MAX_FRAME_BYTES, SEND_QUEUE_FRAMES);

    private NetworkKeys() {
    }

    private static Optional<String> host(String host) {
        return HostPort.isHost(host) ? Optional.empty()
                : Optional.of("'" + host + "' is not a host name or IP address");
    }

    private static Optional<String> frame(ByteSize size) {
        ByteSize min = NetworkSettings.MIN_FRAME;
        ByteSize max = NetworkSettings.MAX_FRAME;
        return size.compareTo(min) < 0 || size.compareTo(max) > 0
                ? Optional.of("must be between " + min + " and " + max + ", not " + size) : Optional.empty();
    }
}
