package io.catena.harness.check;

import java.util.List;

/**
 * One observed state of a list key: a committed transaction's read, or a region's final list.
 *
 * @param txn the reading transaction's number, or -1 for a final list
 * @param finalRegion the region whose final list this is, or null for a read
 * @param elements the list as observed (an absent list is empty)
 */
record ListObservation(int txn, String finalRegion, List<Long> elements) {

    private static final int SHOWN_ELEMENTS = 12;

    static ListObservation read(int txn, List<Long> elements) {
        return new ListObservation(txn, null, elements);
    }

    static ListObservation finalList(String region, List<Long> elements) {
        return new ListObservation(-1, region, elements);
    }

    boolean isFinal() {
        return finalRegion != null;
    }

    int length() {
        return elements.size();
    }

    /** E.g. {@code c5-1 read [1, 2]} or {@code the final list of region eu is [1, 2]}. */
    String describe(IndexedHistory history) {
        return (isFinal() ? "the final list of region " + finalRegion + " is " : history.id(txn) + " read ")
                + abbreviate(elements);
    }

    /** The list as text, with the middle of long lists left out. */
    static String abbreviate(List<Long> elements) {
        if (elements.size() <= SHOWN_ELEMENTS) {
            return elements.toString();
        }
        int head = 3;
        int tail = SHOWN_ELEMENTS - head;
        String first = elements.subList(0, head).toString();
        String last = elements.subList(elements.size() - tail, elements.size()).toString();
        return first.substring(0, first.length() - 1) + ", ... " + (elements.size() - SHOWN_ELEMENTS)
                + " more ..., " + last.substring(1);
    }
}
