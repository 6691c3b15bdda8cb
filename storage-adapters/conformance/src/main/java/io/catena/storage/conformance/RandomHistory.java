package io.catena.storage.conformance;

import static io.catena.storage.conformance.StorageEngineConformanceTest.await;
import static io.catena.storage.conformance.StorageEngineConformanceTest.failureOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.spi.StorageEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One randomized run of the conformance suite: random commits (new, repeated and stale), garbage
 * collections, reads and image loads on a few chain keys, each checked against a
 * {@link PartitionModel}. Everything random comes from one {@link Random} seeded with
 * {@code seed}, and every failure is reported with that seed. Single-threaded; owns nothing but
 * its models (the engine belongs to the test).
 */
final class RandomHistory {

    private static final int STEPS = 400;
    private static final String[] CLUSTERINGS = {"", "a", "b", "c", "d", "e"};

    private final StorageEngine engine;
    private final long seed;
    private final Random random;
    private final List<PartitionModel> models = new ArrayList<>();

    RandomHistory(StorageEngine engine, long seed) {
        this.engine = engine;
        this.seed = seed;
        this.random = new Random(seed);
        for (String partition : List.of("p0", "p1", "p2", "p3")) {
            models.add(new PartitionModel(ChainKey.of("random", partition)));
        }
    }

    void run() {
        try {
            for (int step = 0; step < STEPS; step++) {
                step(models.get(random.nextInt(models.size())));
            }
            for (PartitionModel model : models) {
                checkEveryInterestingRead(model);
                checkImage(model);
            }
            checkListedKeys();
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("random history failed with seed " + seed
                    + " (replay with -Dcatena.storage.seed=" + seed + "): " + e.getMessage(), e);
        }
    }

    private void step(PartitionModel model) {
        int dice = random.nextInt(100);
        if (dice < 45) {
            applyCommit(model, nextVersion(model.latest()));
        } else if (dice < 55 && !model.commits().isEmpty()) {
            List<PartitionModel.Commit> commits = model.commits();
            applyCommit(model, commits.get(random.nextInt(commits.size())).version());
        } else if (dice < 63) {
            collectGarbage(model);
        } else if (dice < 93) {
            checkRead(model, pick(model.interestingVersions()));
        } else {
            checkImage(model);
        }
    }

    private void applyCommit(PartitionModel model, Version version) {
        List<RowWrite> writes = randomWrites();
        boolean accepted = model.apply(version, writes);
        await(engine.apply(model.key(), version, writes));
        assertThat(read(model, Version.MAX)).as("seed %d: %s after %s apply at %s", seed, model.key(),
                accepted ? "an accepted" : "an ignored", version).isEqualTo(model.rowsAt(Version.MAX));
    }

    private void collectGarbage(PartitionModel model) {
        List<Version> candidates = new ArrayList<>();
        for (Version v : model.interestingVersions()) {
            if (!v.isAfter(model.latest())) {
                candidates.add(v);
            }
        }
        Version horizon = pick(candidates);
        model.collectGarbage(horizon);
        await(engine.collectGarbage(model.key(), horizon));
    }

    private void checkRead(PartitionModel model, Version version) {
        if (version.isBefore(model.horizon())) {
            Throwable failure = failureOf(engine.readPartition(model.key(), version));
            assertThat(failure).as("seed %d: read of %s at %s below horizon %s", seed, model.key(), version,
                    model.horizon()).isInstanceOf(IllegalStateException.class);
        } else {
            assertThat(read(model, version)).as("seed %d: read of %s at %s", seed, model.key(), version)
                    .isEqualTo(model.rowsAt(version));
        }
    }

    private void checkEveryInterestingRead(PartitionModel model) {
        for (Version v : model.interestingVersions()) {
            checkRead(model, v);
        }
    }

    private void checkImage(PartitionModel model) {
        PartitionImage image = await(engine.loadPartition(model.key()));
        assertThat(image.base()).as("seed %d: image base of %s", seed, model.key())
                .isLessThanOrEqualTo(model.horizon());
        VersionedPartition loaded = VersionedPartition.fromImage(image);
        if (!model.commits().isEmpty()) {
            assertThat(loaded.latest()).as("seed %d: latest version of the image of %s", seed, model.key())
                    .isEqualTo(model.latest());
        }
        for (Version v : model.interestingVersions()) {
            if (!v.isBefore(model.horizon())) {
                assertThat(loaded.snapshot(v)).as("seed %d: image of %s read at %s", seed, model.key(), v)
                        .isEqualTo(model.rowsAt(v));
            }
        }
    }

    private void checkListedKeys() {
        List<ChainKey> listed = await(engine.listKeys("random"));
        assertThat(listed).as("seed %d: listed keys in order", seed).isSorted().doesNotHaveDuplicates();
        for (PartitionModel model : models) {
            if (model.hasLiveRows()) {
                assertThat(listed).as("seed %d: listed keys", seed).contains(model.key());
            } else if (model.commits().isEmpty()) {
                assertThat(listed).as("seed %d: listed keys", seed).doesNotContain(model.key());
            }
        }
    }

    private Version nextVersion(Version latest) {
        if (random.nextBoolean() && latest.rank() < 1_000) {
            return Version.of(Math.max(1, latest.epoch()), latest.rank() + 1 + random.nextInt(3));
        }
        return Version.of(latest.epoch() + 1 + random.nextInt(2), random.nextInt(4));
    }

    private List<RowWrite> randomWrites() {
        int count = 1 + random.nextInt(4);
        List<RowWrite> writes = new ArrayList<>();
        List<String> unused = new ArrayList<>(List.of(CLUSTERINGS));
        for (int i = 0; i < count; i++) {
            String clustering = unused.remove(random.nextInt(unused.size()));
            writes.add(random.nextInt(4) == 0 ? RowWrite.delete(clustering) : RowWrite.put(clustering, randomRow()));
        }
        return writes;
    }

    private Row randomRow() {
        return switch (random.nextInt(3)) {
            case 0 -> Row.of("n", random.nextInt(1_000) - 500L);
            case 1 -> Row.of(Map.of("name", Datum.of("v" + random.nextInt(100)), "n", Datum.of(random.nextLong())));
            default -> Row.of("list", Datum.of(List.of(Datum.of(random.nextInt(10)), Datum.of("x"))));
        };
    }

    private Map<String, Row> read(PartitionModel model, Version version) {
        return await(engine.readPartition(model.key(), version));
    }

    private <T> T pick(List<T> items) {
        return items.get(random.nextInt(items.size()));
    }
}
