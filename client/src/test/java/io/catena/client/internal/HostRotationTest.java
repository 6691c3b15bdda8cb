package io.catena.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.HostAndPort;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class HostRotationTest {

    /**
     * Model: a cursor that walks the list cyclically and never resets, and a count of tries since
     * the last new round. Random interleavings of next() and newRound() must agree with it.
     */
    @Property
    void walksTheListCyclicallyAndCountsRounds(@ForAll @IntRange(min = 1, max = 5) int hostCount,
                                               @ForAll long seed) {
        List<HostAndPort> hosts = new ArrayList<>();
        for (int i = 0; i < hostCount; i++) {
            hosts.add(new HostAndPort("h" + i, 7450));
        }
        HostRotation rotation = new HostRotation(hosts);
        SplittableRandom random = new SplittableRandom(seed);
        int cursor = 0;
        int tried = 0;
        for (int step = 0; step < 200; step++) {
            if (random.nextInt(4) == 0) {
                rotation.newRound();
                tried = 0;
            } else {
                assertThat(rotation.next()).isEqualTo(hosts.get(cursor));
                cursor = (cursor + 1) % hostCount;
                tried++;
            }
            assertThat(rotation.roundFinished()).isEqualTo(tried >= hostCount);
        }
    }

    @Test
    void needsAHost() {
        assertThatThrownBy(() -> new HostRotation(List.of())).hasMessageContaining("at least one host");
    }
}
