package io.catena.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class InFlightRequestsTest {

    private static final NodeId CLIENT = NodeId.client(RegionId.of(0), 1);
    private static final NodeId OTHER_CLIENT = NodeId.client(RegionId.of(0), 2);
    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong nowNanos = new AtomicLong(1_000 * SECOND);

    private InFlightRequests table(int capacity, long maxAgeNanos) {
        return new InFlightRequests(capacity, maxAgeNanos, nowNanos::get);
    }

    @Test
    void anAnswerReturnsWhenItsRequestArrivedOnce() {
        InFlightRequests t = table(10, 60 * SECOND);
        RequestId r = new RequestId(7, 1);
        t.arrived(CLIENT, r, RequestKind.READ_WRITE);
        nowNanos.addAndGet(5_000_000);

        InFlightRequests.Arrival a = t.answered(CLIENT, r);

        assertThat(a).isEqualTo(new InFlightRequests.Arrival(RequestKind.READ_WRITE, 1_000 * SECOND));
        assertThat(t.nowNanos() - a.arrivedNanos()).isEqualTo(5_000_000);
        assertThat(t.answered(CLIENT, r)).as("a second answer to the same request").isNull();
        assertThat(t.size()).isZero();
    }

    @Test
    void aResentRequestKeepsItsFirstArrivalAndConnectionsAreTimedApart() {
        InFlightRequests t = table(10, 60 * SECOND);
        RequestId r = new RequestId(7, 1);
        t.arrived(CLIENT, r, RequestKind.READ_ONLY);
        nowNanos.addAndGet(SECOND);
        t.arrived(CLIENT, r, RequestKind.READ_ONLY);
        t.arrived(OTHER_CLIENT, r, RequestKind.READ_ONLY);

        assertThat(t.size()).isEqualTo(2);
        assertThat(t.answered(CLIENT, r).arrivedNanos()).isEqualTo(1_000 * SECOND);
        assertThat(t.answered(OTHER_CLIENT, r).arrivedNanos()).isEqualTo(1_001 * SECOND);
    }

    @Test
    void aFullTableTimesNoMoreRequestsUntilOldOnesExpire() {
        InFlightRequests t = table(3, 10 * SECOND);
        for (int i = 0; i < 5; i++) {
            t.arrived(CLIENT, new RequestId(7, i), RequestKind.READ_WRITE);
        }
        assertThat(t.size()).isEqualTo(3);
        assertThat(t.untimedWhenFull()).isEqualTo(2);
        assertThat(t.answered(CLIENT, new RequestId(7, 4))).as("was never timed").isNull();

        nowNanos.addAndGet(10 * SECOND);
        t.arrived(CLIENT, new RequestId(7, 5), RequestKind.READ_WRITE);

        assertThat(t.expired()).isEqualTo(3);
        assertThat(t.size()).isEqualTo(1);
        assertThat(t.answered(CLIENT, new RequestId(7, 0))).as("expired").isNull();
        assertThat(t.answered(CLIENT, new RequestId(7, 5))).isNotNull();
    }

    @Test
    void unansweredRequestsExpireEvenWhenTheTableIsNotFull() {
        InFlightRequests t = table(1_000, 10 * SECOND);
        t.arrived(CLIENT, new RequestId(7, 1), RequestKind.READ_WRITE);
        nowNanos.addAndGet(4 * SECOND);
        t.arrived(CLIENT, new RequestId(7, 2), RequestKind.READ_WRITE);
        nowNanos.addAndGet(7 * SECOND);

        t.arrived(CLIENT, new RequestId(7, 3), RequestKind.READ_WRITE);

        assertThat(t.expired()).as("only the request older than the maximum age").isEqualTo(1);
        assertThat(t.size()).isEqualTo(2);
    }

    @Test
    void concurrentArrivalsAndAnswersLeaveTheCountExact() throws InterruptedException {
        InFlightRequests t = InFlightRequests.withDefaults();
        Thread[] threads = new Thread[4];
        for (int n = 0; n < threads.length; n++) {
            NodeId client = NodeId.client(RegionId.of(0), n);
            threads[n] = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    t.arrived(client, new RequestId(1, i), RequestKind.READ_WRITE);
                    if (i % 2 == 0) {
                        t.answered(client, new RequestId(1, i));
                    }
                }
            });
            threads[n].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(t.size()).isEqualTo(4 * 5_000);
    }
}
