package io.catena.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.wire.Hello;
import io.catena.wire.ProcessRole;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A process follows the newest leader of each region: older leaders' links are refused or closed. */
class LeaderFollowTest {

    private final List<String> succeeded = new ArrayList<>();
    private final LeaderFollow follow = new LeaderFollow((region, term) -> succeeded.add(region + "@" + term));

    @Test
    void aNewerLeaderClosesItsPredecessorsLinksAndAnOlderOneIsRefused() {
        EmbeddedChannel first = new EmbeddedChannel();
        EmbeddedChannel otherRegion = new EmbeddedChannel();
        assertThat(follow.admit(coordinator("eu", 3), first)).isNull();
        assertThat(follow.admit(coordinator("asia", 1), otherRegion)).isNull();
        assertThat(succeeded).as("a first leader heard is no succession").isEmpty();

        EmbeddedChannel second = new EmbeddedChannel();
        assertThat(follow.admit(coordinator("eu", 4), second)).isNull();
        assertThat(first.isOpen()).as("the predecessor's link").isFalse();
        assertThat(otherRegion.isOpen()).as("another region's link").isTrue();
        assertThat(succeeded).containsExactly("eu@4");

        assertThat(follow.admit(coordinator("eu", 3), new EmbeddedChannel())).isEqualTo("the coordinator of region eu "
                + "in term 3 was succeeded by term 4, which this process follows");
        assertThat(follow.admit(coordinator("eu", 4), new EmbeddedChannel())).as("the leader reconnecting").isNull();
        assertThat(second.isOpen()).isTrue();
        assertThat(follow.newest("eu")).isEqualTo(4);
    }

    @Test
    void clientsChainServersAndRegionsWithoutStandbysAreNotFollowed() {
        Hello client = Hello.client("c", "eu", "app");
        Hello chainServer = Hello.node("c", "eu", "", "", 0, "cs", ProcessRole.chainServer(1), 0);
        assertThat(follow.admit(coordinator("eu", 0), new EmbeddedChannel())).isNull();
        assertThat(follow.admit(coordinator("eu", 0), new EmbeddedChannel())).isNull();
        assertThat(follow.admit(client, new EmbeddedChannel())).isNull();
        assertThat(follow.admit(chainServer, new EmbeddedChannel())).isNull();
        assertThat(succeeded).isEmpty();
    }

    private static Hello coordinator(String region, long term) {
        return Hello.node("c", region, "", "", 0, region + "-coordinator", ProcessRole.COORDINATOR, term);
    }
}
