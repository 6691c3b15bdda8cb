package io.catena.chainserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EpochSlotsTest {

    @Test
    void slotsStayInEpochOrderWhateverOrderTheyArriveIn() {
        EpochSlots slots = new EpochSlots();
        for (long e : new long[] {7, 3, 9, 5, 1, 8, 2}) {
            slots.getOrAdd(e);
        }
        assertThat(epochs(slots)).containsExactly(1L, 2L, 3L, 5L, 7L, 8L, 9L);
        assertThat(slots.getOrAdd(5)).isSameAs(slots.get(5));
        assertThat(slots.size()).isEqualTo(7);
        assertThat(slots.get(4)).isNull();
    }

    @Test
    void countsSayHowManyOfTheOldestSlotsLieAtOrBelowAnEpoch() {
        EpochSlots slots = new EpochSlots();
        for (long e : new long[] {10, 20, 30}) {
            slots.getOrAdd(e);
        }
        assertThat(slots.countThrough(5)).isZero();
        assertThat(slots.countThrough(10)).isEqualTo(1);
        assertThat(slots.countBefore(10)).isZero();
        assertThat(slots.countThrough(25)).isEqualTo(2);
        assertThat(slots.countBefore(30)).isEqualTo(2);
        assertThat(slots.countThrough(99)).isEqualTo(3);
    }

    @Test
    void removingKeepsTheOrderOfTheRestAndAnEmptySetTakesNewSlots() {
        EpochSlots slots = new EpochSlots();
        for (long e = 1; e <= 6; e++) {
            slots.getOrAdd(e);
        }
        slots.removeIf(s -> s.epoch % 2 == 0);
        assertThat(epochs(slots)).containsExactly(1L, 3L, 5L);
        slots.removeIf(s -> true);
        assertThat(slots.isEmpty()).isTrue();
        slots.getOrAdd(4);
        assertThat(epochs(slots)).containsExactly(4L);
    }

    private static List<Long> epochs(EpochSlots slots) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < slots.size(); i++) {
            out.add(slots.at(i).epoch);
        }
        return out;
    }
}
