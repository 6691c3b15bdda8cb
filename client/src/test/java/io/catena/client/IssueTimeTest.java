package io.catena.client;

import static io.catena.client.FakeRegion.H1;
import static io.catena.client.FakeRegion.H2;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.fake.FakeCoordinator;
import io.catena.core.data.RowKey;
import io.catena.core.message.Message;
import io.catena.core.message.SubmitTxn;
import io.catena.wire.Welcome;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every copy of a transaction carries the time it was first sent, on the clock of the coordinator
 * the copy goes to: read from that coordinator's {@link Welcome} and advanced by the client's own
 * clock. Resends keep it; a copy sent to another coordinator after a failover carries the same
 * moment on the new coordinator's clock. The coordinators take no copy in long after it, which
 * keeps every copy within the window in which they recognise a request they ran.
 */
class IssueTimeTest {

    private static final RowKey KEY = RowKey.of("t", "k");

    private final FakeRegion region = new FakeRegion();

    @Test
    void resendsCarryTheFirstSendOnTheCoordinatorsClock() {
        FakeCoordinator coordinator = region.up(H1).clockReads(7_000_000_000L);
        Connection c = region.connect("&timeout=10s&resendAfter=1s");
        region.clock.advance(Duration.ofMillis(2_500));
        c.transaction().add(KEY, "n", 1).commitAsync();
        region.clock.advance(Duration.ofSeconds(2));

        assertThat(issueTimes(coordinator.received())).containsExactly(7_002_500_000L, 7_002_500_000L, 7_002_500_000L);
    }

    @Test
    void aCopySentToTheNextCoordinatorCarriesTheSameMomentOnItsClock() {
        FakeCoordinator first = region.up(H1).clockReads(7_000_000_000L);
        FakeCoordinator second = region.up(H2).clockReads(3_000_000_000L);
        Connection c = region.connect("&timeout=10s&resendAfter=1s");
        region.clock.advance(Duration.ofSeconds(1));
        c.transaction().add(KEY, "n", 1).commitAsync();
        region.clock.advance(Duration.ofMillis(1_500));

        first.crash();

        assertThat(issueTimes(first.received())).containsOnly(7_001_000_000L);
        assertThat(issueTimes(second.received())).as("sent 1.5 s before the second coordinator's Welcome")
                .containsExactly(2_998_500_000L);
    }

    private static List<Long> issueTimes(List<Message> received) {
        return received.stream().map(m -> ((SubmitTxn) m).issuedMicros()).toList();
    }
}
