package io.catena.harness;

import java.util.SplittableRandom;

/**
 * Seeded randomness, forked per component by name, so that adding a random draw in one
 * component does not shift the draws of every other one (STYLE rule 7).
 */
public final class SeededRandom {

    private final long seed;
    private final SplittableRandom random;

    public SeededRandom(long seed) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
    }

    /** An independent stream named {@code name}, the same for the same seed in every run. */
    public SeededRandom fork(String name) {
        long h = seed * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < name.length(); i++) {
            h = (h ^ name.charAt(i)) * 0x100000001b3L;
        }
        return new SeededRandom(h ^ (h >>> 31));
    }

    public long seed() {
        return seed;
    }

    public double nextDouble() {
        return random.nextDouble();
    }

    public int nextInt(int bound) {
        return random.nextInt(bound);
    }

    public int nextInt(int origin, int bound) {
        return random.nextInt(origin, bound);
    }

    public long nextLong(long bound) {
        return random.nextLong(bound);
    }

    public boolean nextBoolean() {
        return random.nextBoolean();
    }

    public boolean chance(double p) {
        return p > 0 && random.nextDouble() < p;
    }

    /** Standard normal draw (Box–Muller; one value per call, for simplicity). */
    public double gaussian() {
        double u = Math.max(1e-12, random.nextDouble());
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    /** Exponentially distributed with the given mean (Poisson inter-arrival times). */
    public double exponential(double mean) {
        return -mean * Math.log(1 - random.nextDouble());
    }
}
