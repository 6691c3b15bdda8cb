package io.catena.tpcc;

import java.util.SplittableRandom;

/**
 * The random draws of the TPC-C specification (clause 2.1.6 and 4.3.2): uniform integers,
 * non-uniform NURand, customer last names from syllables, and the random strings of the load.
 * Seeded, so a load or a run is repeatable; not thread-safe ({@link #split} one per thread).
 * NURand's run-time constants are drawn once, by the generator made from a seed, and shared by
 * every generator split from it: all terminals of a run must use the same C (clause 2.1.6).
 */
public final class TpccRandom {

    private static final String[] SYLLABLES = {
        "BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};
    private static final String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    /** NURand's run-time constants C for A = 255 (C_LAST), 1023 (C_ID) and 8191 (OL_I_ID). */
    private final int cLast;
    private final int cId;
    private final int olIId;
    private final SplittableRandom random;

    /** Clause 2.1.6.1: |C_RUN - C_LOAD| of C_LAST lies in 65..119 and is neither 96 nor 112. */
    private static final int MIN_LAST_DELTA = 65;
    private static final int MAX_LAST_DELTA = 119;

    public TpccRandom(long seed) {
        this.random = new SplittableRandom(seed);
        this.cLast = random.nextInt(256);
        this.cId = random.nextInt(1024);
        this.olIId = random.nextInt(8192);
    }

    private TpccRandom(SplittableRandom random, int cLast, int cId, int olIId) {
        this.random = random;
        this.cLast = cLast;
        this.cId = cId;
        this.olIId = olIId;
    }

    /**
     * The generator of a run against a database whose last names were drawn with C_LOAD =
     * {@code loadLastNameConstant}: its C_LAST is as far from that as clause 2.1.6.1 requires, so
     * that the names a run looks up are not exactly the ones the load favoured.
     */
    public static TpccRandom forRun(long seed, int loadLastNameConstant) {
        if (loadLastNameConstant < 0 || loadLastNameConstant > 255) {
            throw new IllegalArgumentException("C_LOAD is 0-255, not " + loadLastNameConstant);
        }
        TpccRandom drawn = new TpccRandom(seed);
        int delta;
        do {
            delta = drawn.uniform(MIN_LAST_DELTA, MAX_LAST_DELTA);
        } while (delta == 96 || delta == 112);
        int cRun = loadLastNameConstant + delta <= 255 ? loadLastNameConstant + delta : loadLastNameConstant - delta;
        return new TpccRandom(drawn.random, cRun, drawn.cId, drawn.olIId);
    }

    /** An independent generator for another thread or component, with the same NURand constants. */
    public TpccRandom split() {
        SplittableRandom child = random.split();
        // Drawn and dropped, so that every stream is the one an own-constants split would give.
        child.nextInt(256);
        child.nextInt(1024);
        child.nextInt(8192);
        return new TpccRandom(child, cLast, cId, olIId);
    }

    /** NURand's C for C_LAST: the same in every generator split from one made from a seed. */
    public int lastNameConstant() {
        return cLast;
    }

    /** Uniform in [lo, hi], both inclusive. */
    public int uniform(int lo, int hi) {
        return lo + random.nextInt(hi - lo + 1);
    }

    /** Uniform in [lo, hi], both inclusive. */
    public long uniform(long lo, long hi) {
        return lo + random.nextLong(hi - lo + 1);
    }

    /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x. */
    public int nuRand(int a, int x, int y) {
        int c = switch (a) {
            case 255 -> cLast;
            case 1023 -> cId;
            case 8191 -> olIId;
            default -> throw new IllegalArgumentException("NURand is defined for A = 255, 1023 or 8191, not " + a);
        };
        return nuRand(a, x, y, c);
    }

    /**
     * NURand with the constant C given rather than this generator's: the load draws every last
     * name with one C (the specification's C_LOAD), though each district has a generator of its own.
     */
    public int nuRand(int a, int x, int y, int c) {
        if (c < 0 || c > a) {
            throw new IllegalArgumentException("NURand's constant C must be 0-" + a + " for A = " + a + ", not " + c);
        }
        return (((uniform(0, a) | uniform(x, y)) + c) % (y - x + 1)) + x;
    }

    /** A customer id of a district of {@code customers} customers, skewed as the specification asks. */
    public int customerId(int customers) {
        return nuRand(1023, 1, customers);
    }

    /** An item id of a catalogue of {@code items} items, skewed as the specification asks. */
    public int itemId(int items) {
        return nuRand(8191, 1, items);
    }

    /** A last-name number for a run: NURand(255, 0, numbers - 1). */
    public int lastNameNumber(int numbers) {
        return nuRand(255, 0, numbers - 1);
    }

    /** The last name of number {@code n} (0-999): three syllables, one per decimal digit. */
    public static String lastName(int n) {
        if (n < 0 || n > 999) {
            throw new IllegalArgumentException("a last-name number is 0-999, got " + n);
        }
        return SYLLABLES[n / 100] + SYLLABLES[(n / 10) % 10] + SYLLABLES[n % 10];
    }

    /** A random alphanumeric string of {@code min}-{@code max} characters. */
    public String aString(int min, int max) {
        int length = uniform(min, max);
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(ALPHANUMERIC.charAt(random.nextInt(ALPHANUMERIC.length())));
        }
        return sb.toString();
    }

    /** A random numeric string of {@code min}-{@code max} digits. */
    public String nString(int min, int max) {
        int length = uniform(min, max);
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append((char) ('0' + random.nextInt(10)));
        }
        return sb.toString();
    }

    /** A zip code: four random digits and "11111". */
    public String zip() {
        return nString(4, 4) + "11111";
    }

    /** I_DATA or S_DATA: 26-50 characters, "ORIGINAL" somewhere in one of ten. */
    public String data() {
        String s = aString(26, 50);
        if (random.nextInt(10) != 0) {
            return s;
        }
        int at = random.nextInt(s.length() - 8 + 1);
        return s.substring(0, at) + "ORIGINAL" + s.substring(at + 8);
    }

    /** True with probability {@code percent} / 100. */
    public boolean percent(int percent) {
        return random.nextInt(100) < percent;
    }
}
