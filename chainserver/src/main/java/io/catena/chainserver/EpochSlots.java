package io.catena.chainserver;

import java.util.Arrays;
import java.util.function.Predicate;

/**
 * A key's epoch slots in epoch order. A key has a few unfinished epochs at a time, and the hot
 * paths walk them from the oldest up to an epoch, so a sorted array serves them without the
 * boxed keys, views and iterators a {@code TreeMap} allocates on every walk.
 */
final class EpochSlots {

    private static final EpochSlot[] NONE = new EpochSlot[0];

    private EpochSlot[] slots = NONE;
    private int size;

    /** The slot of {@code epoch}, added in its place if the key has none yet. */
    EpochSlot getOrAdd(long epoch) {
        int i = indexOf(epoch);
        if (i >= 0) {
            return slots[i];
        }
        int at = -i - 1;
        if (size == slots.length) {
            slots = Arrays.copyOf(slots, Math.max(4, size * 2));
        }
        System.arraycopy(slots, at, slots, at + 1, size - at);
        EpochSlot slot = new EpochSlot(epoch);
        slots[at] = slot;
        size++;
        return slot;
    }

    /** The slot of {@code epoch}, or null. */
    EpochSlot get(long epoch) {
        int i = indexOf(epoch);
        return i >= 0 ? slots[i] : null;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The {@code i}-th slot, oldest first. */
    EpochSlot at(int i) {
        return slots[i];
    }

    /** How many slots are of epochs at or below {@code epoch}: they are the first that many. */
    int countThrough(long epoch) {
        int n = 0;
        while (n < size && slots[n].epoch <= epoch) {
            n++;
        }
        return n;
    }

    /** How many slots are of epochs below {@code epoch}: they are the first that many. */
    int countBefore(long epoch) {
        return countThrough(epoch - 1);
    }

    /** Removes the slots {@code drop} accepts, keeping the order of the others. */
    void removeIf(Predicate<EpochSlot> drop) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (!drop.test(slots[i])) {
                slots[kept++] = slots[i];
            }
        }
        Arrays.fill(slots, kept, size, null);
        size = kept;
        if (size == 0) {
            slots = NONE;
        }
    }

    private int indexOf(long epoch) {
        for (int i = 0; i < size; i++) {
            long e = slots[i].epoch;
            if (e == epoch) {
                return i;
            }
            if (e > epoch) {
                return -i - 1;
            }
        }
        return -size - 1;
    }
}
