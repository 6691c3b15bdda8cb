package io.catena.rlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicatedLogTest {

    private static final int A = 0;
    private static final int B = 1;
    private static final int C = 2;

    private final ReplicatedLog<String> a = new ReplicatedLog<>(3, A);
    private final ReplicatedLog<String> b = new ReplicatedLog<>(3, B);
    private final ReplicatedLog<String> c = new ReplicatedLog<>(3, C);

    @Test
    void aPeerLearnsTheRecordsInOrderAndKnowsItHasThem() {
        a.append(10, "a1");
        a.append(20, "a2");

        List<LogRecord<String>> learned = b.receive(a.shipmentTo(B));

        assertThat(learned).extracting(LogRecord::payload).containsExactly("a1", "a2");
        assertThat(learned).allSatisfy(r -> assertThat(r.origin()).isEqualTo(A));
        assertThat(b.known(A)).isEqualTo(20);
        assertThat(b.knownBy(A, A)).isEqualTo(20);
        assertThat(b.size()).isEqualTo(2);
    }

    @Test
    void recordsReachARegionThroughAThird() {
        a.append(10, "a1");
        b.receive(a.shipmentTo(B));
        b.append(b.nextTimestamp(5), "b1");

        List<LogRecord<String>> learned = c.receive(b.shipmentTo(C));

        assertThat(learned).extracting(LogRecord::toString).containsExactly("r0@10 a1", "r1@11 b1");
        assertThat(c.known(A)).isEqualTo(10);
        assertThat(c.knownBy(A, A)).as("C heard of A's own knowledge through B").isEqualTo(10);
        assertThat(c.knownBy(B, A)).isEqualTo(10);
    }

    @Test
    void aDuplicateShipmentChangesNothing() {
        a.append(10, "a1");
        Shipment<String> shipment = a.shipmentTo(B);
        b.receive(shipment);
        TimetableSnapshot table = b.timetable();

        assertThat(b.receive(shipment)).isEmpty();
        assertThat(b.timetable()).isEqualTo(table);
        assertThat(b.size()).isEqualTo(1);
    }

    @Test
    void aShipmentOlderThanOneReceivedChangesNothing() {
        a.append(10, "a1");
        Shipment<String> older = a.shipmentTo(B);
        a.append(20, "a2");
        Shipment<String> newer = a.shipmentTo(B);

        assertThat(b.receive(newer)).extracting(LogRecord::payload).containsExactly("a1", "a2");
        TimetableSnapshot table = b.timetable();
        assertThat(b.receive(older)).isEmpty();
        assertThat(b.timetable()).isEqualTo(table);
        assertThat(b.kept(A)).extracting(LogRecord::payload).containsExactly("a1", "a2");
    }

    @Test
    void theNextShipmentRepairsALostOne() {
        a.append(10, "a1");
        a.shipmentTo(B); // lost
        a.append(20, "a2");

        assertThat(b.receive(a.shipmentTo(B))).extracting(LogRecord::payload).containsExactly("a1", "a2");
    }

    @Test
    void aShipmentLeavesOutWhatThePeerIsKnownToHaveAndThePeersOwnRecords() {
        a.append(10, "a1");
        b.append(15, "b1");
        b.receive(a.shipmentTo(B));
        a.receive(b.shipmentTo(A));
        a.append(30, "a2");

        Shipment<String> toB = a.shipmentTo(B);
        assertThat(toB.records()).as("B has a1, and b1 is its own").extracting(LogRecord::payload)
                .containsExactly("a2");
        assertThat(a.shipmentTo(C).records()).extracting(LogRecord::payload).containsExactly("a1", "b1", "a2");
    }

    @Test
    void recordsOfSeveralOriginsAreShippedByTimestampThenOrigin() {
        a.append(20, "a1");
        b.append(20, "b1");
        b.receive(a.shipmentTo(B));
        c.append(5, "c1");
        b.receive(c.shipmentTo(B));

        assertThat(b.shipmentTo(A).records()).as("A's own left out").extracting(LogRecord::payload)
                .containsExactly("c1", "b1");
        assertThat(a.receive(b.shipmentTo(A))).extracting(LogRecord::payload).containsExactly("c1", "b1");
        assertThat(a.shipmentTo(C).records()).extracting(LogRecord::payload).containsExactly("a1", "b1");
    }

    @Test
    void aRecordIsDiscardedExactlyWhenEveryRegionIsKnownToHaveIt() {
        a.append(10, "a1");
        b.receive(a.shipmentTo(B));
        a.receive(b.shipmentTo(A));
        assertThat(a.size()).as("A knows B has it, not C").isEqualTo(1);
        assertThat(b.size()).isEqualTo(1);

        c.receive(a.shipmentTo(C));
        assertThat(c.size()).as("A told C that B has it too").isZero();
        assertThat(c.knownByAll(A)).isEqualTo(10);
        assertThat(a.size()).as("A has not heard from C").isEqualTo(1);

        a.receive(c.shipmentTo(A));
        assertThat(a.size()).isZero();
        assertThat(b.size()).as("B has heard nothing since").isEqualTo(1);
        b.receive(c.shipmentTo(B));
        assertThat(b.size()).isZero();
    }

    @Test
    void seenBySaysWhetherARegionIsKnownToHaveTheOwnRecordsUpToATimestamp() {
        a.append(10, "a1");
        a.append(20, "a2");
        b.receive(a.shipmentTo(B));

        assertThat(a.seenBy(B, 10)).as("B has not answered").isFalse();
        a.receive(b.shipmentTo(A));
        assertThat(a.seenBy(B, 20)).isTrue();
        assertThat(a.seenBy(B, 21)).isFalse();
        assertThat(a.seenBy(C, 1)).isFalse();
    }

    @Test
    void aRecordMustBeStampedAboveEverythingTheLogKnows() {
        b.append(100, "b1");
        a.receive(b.shipmentTo(A));

        assertThat(a.nextTimestamp(50)).isEqualTo(101);
        assertThat(a.nextTimestamp(200)).isEqualTo(200);
        assertThatThrownBy(() -> a.append(50, "late clock")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nextTimestamp");
        assertThatThrownBy(() -> a.append(100, "tie")).isInstanceOf(IllegalArgumentException.class);
        assertThat(a.size()).isEqualTo(1);
        assertThat(a.append(101, "a1").timestamp()).isEqualTo(101);
        assertThatThrownBy(() -> a.append(101, "again")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anIdleRegionsAdvanceIsLearnedAsKnowledgeAndLaterRecordsAreStampedAboveIt() {
        b.append(10, "b1");
        b.advance(300);
        a.receive(b.shipmentTo(A));

        assertThat(a.known(B)).isEqualTo(300);
        assertThat(a.size()).isEqualTo(1);
        assertThat(b.nextTimestamp(250)).isEqualTo(301);
        b.advance(200);
        assertThat(b.known(B)).as("an advance never turns the region's knowledge back").isEqualTo(300);
        assertThatThrownBy(() -> b.append(300, "under the advance")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRestoredLogKnowsWhatItSavedEvenBeyondItsSavedTableAndShipsWhatPeersLack() {
        a.append(10, "a1");
        b.receive(a.shipmentTo(B));
        TimetableSnapshot savedTable = b.timetable();
        a.append(20, "a2");
        b.receive(a.shipmentTo(B));
        b.append(30, "b1");

        ReplicatedLog<String> restored = ReplicatedLog.restored(3, B, savedTable,
                List.of(b.kept(B).get(0), b.kept(A).get(1), b.kept(A).get(0)));

        assertThat(restored.known(A)).isEqualTo(20);
        assertThat(restored.known(B)).isEqualTo(30);
        assertThat(restored.nextTimestamp(0)).isEqualTo(31);
        assertThat(restored.kept(A)).extracting(LogRecord::payload).containsExactly("a1", "a2");
        assertThat(restored.shipmentTo(C).records()).extracting(LogRecord::payload).containsExactly("a1", "a2", "b1");
        c.receive(restored.shipmentTo(C));
        assertThat(c.known(A)).isEqualTo(20);
        assertThat(c.known(B)).isEqualTo(30);
    }

    @Test
    void aShipmentThatBelievesThisRegionKnowsMoreThanItDoesIsRefusedAndChangesNothing() {
        a.append(10, "a1");
        b.receive(a.shipmentTo(B));
        a.receive(b.shipmentTo(A));
        ReplicatedLog<String> restartedB = new ReplicatedLog<>(3, B);
        a.append(20, "a2");

        assertThatThrownBy(() -> restartedB.receive(a.shipmentTo(B)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lose its log");
        assertThat(restartedB.size()).isZero();
        assertThat(restartedB.timetable()).isEqualTo(new ReplicatedLog<String>(3, B).timetable());
    }

    @Test
    void malformedShipmentsAreRefused() {
        TimetableSnapshot table = TimetableSnapshot.of(new long[][] {{20, 0, 0}, {0, 0, 0}, {0, 0, 0}});
        LogRecord<String> first = new LogRecord<>(A, 10, "a1");
        LogRecord<String> second = new LogRecord<>(A, 20, "a2");

        assertThat(new Shipment<>(A, List.of(first, second), table).records()).hasSize(2);
        assertThatThrownBy(() -> new Shipment<>(A, List.of(second, first), table))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("strictly");
        assertThatThrownBy(() -> new Shipment<>(A, List.of(first, first), table))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Shipment<>(A, List.of(new LogRecord<>(A, 30, "a3")), table))
                .as("beyond the sender's own row").isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Shipment<>(B, List.of(), table))
                .as("B believes A knows more than B does").isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Shipment<>(A, List.of(), TimetableSnapshot.of(new long[][] {
                {20, 5, 0}, {0, 0, 0}, {0, 0, 0}})))
                .as("A knows records of B that B does not").isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("itself only");
        assertThatThrownBy(() -> new Shipment<>(3, List.of(), table)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> a.receive(new Shipment<>(A, List.of(), table)))
                .as("from itself").isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> a.shipmentTo(A)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LogRecord<>(A, 0, "x")).isInstanceOf(IllegalArgumentException.class);
    }
}
