package io.catena.rlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TimetableTest {

    private static final int A = 0;
    private static final int B = 1;
    private static final int C = 2;

    @Test
    void anEmptyTableKnowsNothing() {
        Timetable table = new Timetable(3, B);

        assertThat(table.own()).isZero();
        assertThat(table.newestKnown()).isZero();
        assertThat(table.knownByAll(A)).isZero();
        assertThat(table.snapshot()).isEqualTo(TimetableSnapshot.of(new long[3][3]));
    }

    @Test
    void appendingRaisesOnlyTheOwnEntryAndMustGoUp() {
        Timetable table = new Timetable(3, B);

        table.appended(5);
        assertThat(table.own()).isEqualTo(5);
        assertThat(table.knows(B, B)).isEqualTo(5);
        assertThat(table.knows(A, B)).isZero();
        assertThat(table.knownByAll(B)).as("A and C have not heard of it").isZero();
        assertThatThrownBy(() -> table.appended(5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table.appended(4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mergeTakesTheElementWiseMaximumThenRaisesTheOwnRowToTheSenders() {
        Timetable table = new Timetable(3, A);
        table.appended(4);
        table.merge(TimetableSnapshot.of(new long[][] {
                {4, 0, 0},
                {4, 9, 1},
                {0, 0, 1}}), B);

        assertThat(table.snapshot()).isEqualTo(TimetableSnapshot.of(new long[][] {
                {4, 9, 1},
                {4, 9, 1},
                {0, 0, 1}}));
        assertThat(table.newestKnown()).isEqualTo(9);
    }

    @Test
    void aBeliefNeverGoesDownAndTheOwnRowTakesTheSenders() {
        Timetable table = new Timetable(3, A);
        // A knew (from C) that B knows C up to 6; B's own shipment says only 3 of itself about C.
        table.merge(TimetableSnapshot.of(new long[][] {
                {0, 0, 6},
                {0, 0, 6},
                {0, 0, 6}}), C);
        table.merge(TimetableSnapshot.of(new long[][] {
                {0, 0, 0},
                {0, 8, 3},
                {0, 0, 3}}), B);

        assertThat(table.knows(B, C)).as("a belief never goes down").isEqualTo(6);
        assertThat(table.knows(A, B)).as("A now knows what B knew").isEqualTo(8);
        assertThat(table.knows(A, C)).isEqualTo(6);
        assertThat(table.knows(C, B)).as("nobody told A that C knows B's records").isZero();
    }

    @Test
    void mergingTheSameOrAnOlderTableChangesNothing() {
        Timetable table = new Timetable(2, A);
        TimetableSnapshot newer = TimetableSnapshot.of(new long[][] {{3, 0}, {3, 7}});
        TimetableSnapshot older = TimetableSnapshot.of(new long[][] {{1, 0}, {1, 5}});

        assertThat(table.merge(newer, B)).isTrue();
        TimetableSnapshot after = table.snapshot();
        assertThat(table.merge(newer, B)).isFalse();
        assertThat(table.merge(older, B)).isFalse();
        assertThat(table.snapshot()).isEqualTo(after);
    }

    @Test
    void knownByAllIsTheMinimumOfTheColumn() {
        Timetable table = new Timetable(3, A);
        table.merge(TimetableSnapshot.of(new long[][] {
                {0, 0, 9},
                {0, 0, 9},
                {0, 0, 9}}), C);
        table.merge(TimetableSnapshot.of(new long[][] {
                {0, 0, 4},
                {0, 6, 9},
                {0, 0, 9}}), B);

        assertThat(table.knownByAll(C)).isEqualTo(9);
        assertThat(table.knownByAll(B)).as("C has not been heard to know B").isZero();
    }

    @Test
    void aSnapshotDoesNotFollowTheTableNorTheArrayItWasMadeFrom() {
        Timetable table = new Timetable(2, A);
        TimetableSnapshot before = table.snapshot();
        table.appended(3);
        assertThat(before.knows(A, A)).isZero();

        long[][] entries = {{1, 2}, {0, 2}};
        TimetableSnapshot copied = TimetableSnapshot.of(entries);
        entries[0][0] = 99;
        copied.toArray()[0][1] = 99;
        assertThat(copied.knows(A, A)).isEqualTo(1);
        assertThat(copied.knows(A, B)).isEqualTo(2);
    }

    @Test
    void malformedTablesAndSendersAreRefused() {
        Timetable table = new Timetable(2, A);

        assertThatThrownBy(() -> TimetableSnapshot.of(new long[][] {{1, 2}, {3}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("square");
        assertThatThrownBy(() -> TimetableSnapshot.of(new long[][] {{-1}}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table.merge(TimetableSnapshot.of(new long[3][3]), B))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table.merge(TimetableSnapshot.of(new long[2][2]), A))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table.merge(TimetableSnapshot.of(new long[2][2]), 2))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Timetable(2, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
