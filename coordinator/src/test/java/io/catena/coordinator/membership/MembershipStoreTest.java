package io.catena.coordinator.membership;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.membership.KeyRange;
import io.catena.core.membership.Membership;
import io.catena.core.membership.OwnershipMap;
import java.util.List;
import org.junit.jupiter.api.Test;

class MembershipStoreTest {

    @Test
    void aMembershipReadsBackAsItWasPersisted() {
        Membership evenly = new Membership(1_000_120, OwnershipMap.evenly(5));
        Membership layout = new Membership(7, new OwnershipMap("murmur3", List.of(new KeyRange(new byte[0], 2),
                new KeyRange(new byte[] {(byte) 0x80, 0}, 11))));

        assertThat(MembershipStore.decode(MembershipStore.encode(evenly))).isEqualTo(evenly);
        assertThat(MembershipStore.decode(MembershipStore.encode(layout))).isEqualTo(layout);
    }
}
