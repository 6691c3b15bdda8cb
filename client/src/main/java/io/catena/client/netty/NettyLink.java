package io.catena.client.netty;

import io.catena.client.spi.CoordinatorLink;
import io.catena.wire.Frame;
import io.netty.channel.Channel;

/** An open client link over one Netty channel. */
final class NettyLink implements CoordinatorLink {

    private final Channel channel;

    NettyLink(Channel channel) {
        this.channel = channel;
    }

    @Override
    public void send(Frame frame) {
        if (channel.isActive()) {
            channel.writeAndFlush(frame, channel.voidPromise());
        }
    }

    @Override
    public void close() {
        channel.close();
    }
}
