package io.catena.server.region;

import io.catena.server.net.ChannelSetup;
import io.catena.server.net.WanEmulation;

/**
 * How a region's connections are made and how much its links to peers hold.
 *
 * @param channels        framing, codec and TLS of every connection
 * @param wan             WAN emulation on outbound inter-region links, or null for none
 * @param sendQueueFrames frames each peer link holds on their way out before it sheds new ones
 */
public record LinkSettings(ChannelSetup channels, WanEmulation wan, int sendQueueFrames) {

    public LinkSettings {
        if (sendQueueFrames < 1) {
            throw new IllegalArgumentException("a peer link must queue at least one frame, not " + sendQueueFrames);
        }
    }
}
