package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class SerialHistoryPropertiesTest {

    /**
     * Any serial history checks clean, in any line order, with and without final lists; each
     * corruption of it is reported as the anomaly it must cause.
     */
    @Property(tries = 300)
    void serialHistoriesAreCleanAndEveryCorruptionIsFound(@ForAll long seed) {
        Random random = new Random(seed);
        SerialHistoryGenerator.Generated generated = new SerialHistoryGenerator(random,
                1 + random.nextInt(6), 1 + random.nextInt(3), 2 + random.nextInt(30)).generate(20 + random.nextInt(300));
        HistoryChecker checker = HistoryChecker.builder().finalLists(generated.finalLists()).build();

        CheckReport clean = checker.check(generated.history());
        assertThat(clean.anomalies()).as("seed %d: %s", seed, clean).isZero();
        CheckReport withoutFinals = HistoryChecker.create().check(generated.history());
        assertThat(withoutFinals.anomalies()).as("seed %d: %s", seed, withoutFinals).isZero();
        List<HistoryEvent> reordered = new ArrayList<>(generated.history());
        Collections.shuffle(reordered, random);
        assertThat(checker.check(reordered).info()).as("seed %d", seed).isEqualTo(clean.info());

        for (HistoryCorruption corruption : HistoryCorruption.values()) {
            Optional<List<HistoryEvent>> corrupted = corruption.apply(generated.history(), random);
            corrupted.ifPresent(history -> {
                CheckReport report = checker.check(history);
                assertThat(report.count(corruption.expected())).as("seed %d, %s: %s", seed, corruption, report)
                        .isPositive();
            });
        }
    }

    /** Guards the property against vacuity: one ordinary history gives every corruption a target. */
    @Test
    void everyCorruptionFindsATargetInAnOrdinaryHistory() {
        long seed = 20_240_601L;
        SerialHistoryGenerator.Generated generated =
                new SerialHistoryGenerator(new Random(seed), 4, 2, 16).generate(500);
        HistoryChecker checker = HistoryChecker.builder().finalLists(generated.finalLists()).build();
        Set<HistoryCorruption> found = EnumSet.noneOf(HistoryCorruption.class);

        for (HistoryCorruption corruption : HistoryCorruption.values()) {
            corruption.apply(generated.history(), new Random(seed)).ifPresent(history -> {
                found.add(corruption);
                CheckReport report = checker.check(history);
                assertThat(report.count(corruption.expected())).as("seed %d, %s: %s", seed, corruption, report)
                        .isPositive();
            });
        }

        assertThat(found).containsExactlyInAnyOrder(HistoryCorruption.values());
    }
}
