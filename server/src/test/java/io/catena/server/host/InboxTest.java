package io.catena.server.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Every step added from any thread is taken exactly once, each thread's in the order it added them. */
class InboxTest {

    private static final int PRODUCERS = 4;
    private static final int STEPS_EACH = 50_000;

    @Test
    void anEmptyInboxHasNothingAndTakesStepsInTheOrderAdded() {
        Inbox inbox = new Inbox();
        assertThat(inbox.poll()).isNull();
        Numbered first = new Numbered(0, 1);
        Numbered second = new Numbered(0, 2);
        inbox.add(first);
        inbox.add(second);
        assertThat(inbox.poll()).isSameAs(first);
        assertThat(inbox.poll()).isSameAs(second);
        assertThat(inbox.poll()).isNull();
    }

    @Test
    void concurrentAddersLoseNothingAndKeepTheirOwnOrder() throws InterruptedException {
        Inbox inbox = new Inbox();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> adders = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int producer = p;
            Thread adder = new Thread(() -> {
                awaitQuietly(start);
                for (int i = 0; i < STEPS_EACH; i++) {
                    inbox.add(new Numbered(producer, i));
                }
            });
            adder.start();
            adders.add(adder);
        }
        start.countDown();
        int[] nextOf = new int[PRODUCERS];
        int taken = 0;
        while (taken < PRODUCERS * STEPS_EACH) {
            QueuedStep step = inbox.poll();
            if (step == null) {
                Thread.onSpinWait();
                continue;
            }
            Numbered n = (Numbered) step;
            assertThat(n.sequence).as("producer %d's next step", n.producer).isEqualTo(nextOf[n.producer]);
            nextOf[n.producer]++;
            taken++;
        }
        for (Thread adder : adders) {
            adder.join();
        }
        assertThat(inbox.poll()).isNull();
        assertThat(nextOf).containsOnly(STEPS_EACH);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A step that knows who added it and when in that adder's order. */
    private static final class Numbered extends QueuedStep {
        final int producer;
        final int sequence;

        Numbered(int producer, int sequence) {
            this.producer = producer;
            this.sequence = sequence;
        }

        @Override
        public void run(long nowMicros) {
        }
    }
}
