package io.catena.rlog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * A few regions' logs on a network that loses, duplicates, delays and so reorders shipments, next to
 * a model of what each region has: every record appended (per origin, in order), how many of each
 * origin's records each region has learned, and what its origin had learned when it appended each.
 * Every append and every delivery is checked against the model at once, so a failure names the step.
 * One seed determines the run; the workload, the network and the clocks draw from streams forked
 * from it.
 */
final class LogWorld {

    /** A record's payload: its origin and its position among the origin's records. */
    record Event(int origin, int seq) {
    }

    private record Delivery(long atMicros, long order, int to, Shipment<Event> shipment) {
    }

    private static final long MAX_SKEW_MICROS = 50_000;
    private static final long MAX_DELAY_MICROS = 40_000;

    private final long seed;
    private final int regions;
    private final SplittableRandom workload;
    private final SplittableRandom network;
    private final long[] skewMicros;
    private final List<ReplicatedLog<Event>> logs = new ArrayList<>();
    private final PriorityQueue<Delivery> inFlight = new PriorityQueue<>(
            Comparator.comparingLong(Delivery::atMicros).thenComparingLong(Delivery::order));

    /** Per origin, its records in the order it appended them. */
    private final List<List<LogRecord<Event>>> appended = new ArrayList<>();
    /** [region][origin]: how many of the origin's records the region has (learned or appended). */
    private final int[][] has;
    /** Per record, what its origin had of every origin when it appended it. */
    private final Map<Event, int[]> hadWhenAppended = new HashMap<>();

    private long nowMicros;
    private long sent;
    private int lost;
    private int duplicated;
    private int deliveries;
    private int stampedAboveClock;
    private int relayed;

    LogWorld(long seed, int regions) {
        this.seed = seed;
        this.regions = regions;
        SplittableRandom root = new SplittableRandom(seed);
        this.workload = root.split();
        this.network = root.split();
        SplittableRandom clocks = root.split();
        this.skewMicros = new long[regions];
        this.has = new int[regions][regions];
        for (int r = 0; r < regions; r++) {
            skewMicros[r] = clocks.nextLong(MAX_SKEW_MICROS);
            logs.add(new ReplicatedLog<>(regions, r));
            appended.add(new ArrayList<>());
        }
    }

    /** Runs {@code steps} random steps: time passes, due shipments arrive, a region appends or ships. */
    void run(int steps) {
        for (int step = 0; step < steps; step++) {
            nowMicros += workload.nextLong(5_000);
            deliverDue(nowMicros);
            if (workload.nextInt(100) < 35) {
                append(workload.nextInt(regions));
            } else {
                int sender = workload.nextInt(regions);
                int peer = (sender + 1 + workload.nextInt(regions - 1)) % regions;
                send(sender, peer);
            }
        }
    }

    /**
     * Delivers what is still in flight, late, then has every region ship every other until a whole
     * round changes no timetable.
     *
     * @return the rounds it took
     */
    int exchangeUntilQuiet(int maxRounds) {
        deliverDue(Long.MAX_VALUE);
        for (int round = 1; round <= maxRounds; round++) {
            List<TimetableSnapshot> before = logs.stream().map(ReplicatedLog::timetable).toList();
            for (int sender = 0; sender < regions; sender++) {
                for (int peer = 0; peer < regions; peer++) {
                    if (peer != sender) {
                        deliver(peer, ship(sender, peer));
                    }
                }
            }
            if (logs.stream().map(ReplicatedLog::timetable).toList().equals(before)) {
                return round;
            }
        }
        throw new AssertionError(this + ": not quiet after " + maxRounds + " rounds");
    }

    /** (1), (2) and (5) at the end: every region has every record, and has discarded them all. */
    void assertEverybodyHasEverythingAndKeepsNothing() {
        for (int region = 0; region < regions; region++) {
            ReplicatedLog<Event> log = logs.get(region);
            for (int origin = 0; origin < regions; origin++) {
                assertThat(has[region][origin]).as("%s: region %d has all of %d's records", this, region, origin)
                        .isEqualTo(appended.get(origin).size());
                assertThat(log.known(origin)).as("%s: region %d knows %d", this, region, origin)
                        .isEqualTo(newest(region, origin));
            }
            assertThat(log.size()).as("%s: region %d keeps nothing", this, region).isZero();
        }
    }

    int appendedCount() {
        return appended.stream().mapToInt(List::size).sum();
    }

    private void append(int region) {
        ReplicatedLog<Event> log = logs.get(region);
        Event event = new Event(region, appended.get(region).size());
        long clockMicros = nowMicros + skewMicros[region];
        LogRecord<Event> record = log.append(log.nextTimestamp(clockMicros), event);
        if (record.timestamp() > clockMicros) {
            stampedAboveClock++;
        }
        hadWhenAppended.put(event, has[region].clone());
        appended.get(region).add(record);
        has[region][region]++;
        checkInvariants();
    }

    private void send(int sender, int peer) {
        Shipment<Event> shipment = ship(sender, peer);
        if (network.nextInt(100) < 15) {
            lost++;
            return;
        }
        inFlight.add(new Delivery(nowMicros + 1 + network.nextLong(MAX_DELAY_MICROS), sent++, peer, shipment));
        if (network.nextInt(100) < 10) {
            duplicated++;
            inFlight.add(new Delivery(nowMicros + 1 + network.nextLong(MAX_DELAY_MICROS), sent++, peer, shipment));
        }
    }

    /** Ships, and checks the shipment is exactly the kept records the sender believes the peer lacks. */
    private Shipment<Event> ship(int sender, int peer) {
        ReplicatedLog<Event> log = logs.get(sender);
        Shipment<Event> shipment = log.shipmentTo(peer);
        List<LogRecord<Event>> lacked = new ArrayList<>();
        for (int origin = 0; origin < regions; origin++) {
            for (LogRecord<Event> record : log.kept(origin)) {
                if (origin != peer && record.timestamp() > log.knownBy(peer, origin)) {
                    lacked.add(record);
                }
            }
        }
        lacked.sort(LogRecord.ORDER);
        assertThat(shipment.records()).as("%s: %d ships %d what it believes %d lacks", this, sender, peer, peer)
                .isEqualTo(lacked);
        assertThat(shipment.timetable()).isEqualTo(log.timetable());
        return shipment;
    }

    private void deliverDue(long untilMicros) {
        while (!inFlight.isEmpty() && inFlight.peek().atMicros() <= untilMicros) {
            Delivery delivery = inFlight.poll();
            deliver(delivery.to(), delivery.shipment());
        }
    }

    private void deliver(int region, Shipment<Event> shipment) {
        deliveries++;
        for (LogRecord<Event> record : logs.get(region).receive(shipment)) {
            learned(region, record);
            if (record.origin() != shipment.sender()) {
                relayed++;
            }
        }
        checkInvariants();
    }

    /** (1) once, (2) per origin in order, (3) after everything its origin had when appending it. */
    private void learned(int region, LogRecord<Event> record) {
        int origin = record.origin();
        assertThat(origin).as("%s: region %d learns its own %s", this, region, record).isNotEqualTo(region);
        assertThat(record).as("%s: region %d learns %d's next record", this, region, origin)
                .isEqualTo(appended.get(origin).get(has[region][origin]));
        int[] before = hadWhenAppended.get(record.payload());
        for (int o = 0; o < regions; o++) {
            assertThat(has[region][o]).as("%s: region %d learns %s after the %d records of %d its origin had",
                    this, region, record, before[o], o).isGreaterThanOrEqualTo(before[o]);
        }
        has[region][origin]++;
    }

    /** (4) beliefs are lower bounds and the own row is exact; (6) kept is exactly what not all have. */
    private void checkInvariants() {
        for (int i = 0; i < regions; i++) {
            ReplicatedLog<Event> log = logs.get(i);
            int keptCount = 0;
            for (int k = 0; k < regions; k++) {
                assertThat(log.known(k)).as("%s: T_%d[%d][%d] is the newest it has", this, i, i, k)
                        .isEqualTo(newest(i, k));
                for (int j = 0; j < regions; j++) {
                    assertThat(log.knownBy(j, k)).as("%s: T_%d[%d][%d] ≤ T_%d[%d][%d]", this, i, j, k, j, j, k)
                            .isLessThanOrEqualTo(logs.get(j).known(k));
                }
                List<LogRecord<Event>> notByAll = notKnownByAll(i, k, log.knownByAll(k));
                assertThat(log.kept(k)).as("%s: region %d keeps the records of %d not all have", this, i, k)
                        .isEqualTo(notByAll);
                keptCount += notByAll.size();
            }
            assertThat(log.size()).as("%s: region %d's size", this, i).isEqualTo(keptCount);
        }
    }

    /** The records of {@code origin} that {@code region} has, above {@code everybody}: a tail. */
    private List<LogRecord<Event>> notKnownByAll(int region, int origin, long everybody) {
        List<LogRecord<Event>> records = appended.get(origin);
        int from = has[region][origin];
        while (from > 0 && records.get(from - 1).timestamp() > everybody) {
            from--;
        }
        return records.subList(from, has[region][origin]);
    }

    private long newest(int region, int origin) {
        int count = has[region][origin];
        return count == 0 ? 0 : appended.get(origin).get(count - 1).timestamp();
    }

    @Override
    public String toString() {
        int kept = logs.stream().mapToInt(ReplicatedLog::size).sum();
        return "seed " + seed + ", " + regions + " regions at " + nowMicros + " µs (" + appendedCount()
                + " records, " + stampedAboveClock + " stamped above their clock, " + sent + " shipments sent, "
                + lost + " lost, " + duplicated + " duplicated, " + deliveries + " deliveries, " + relayed
                + " records learned through a third region, " + kept + " kept now)";
    }
}
