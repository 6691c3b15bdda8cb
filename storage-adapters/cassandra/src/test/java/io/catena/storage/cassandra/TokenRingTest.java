package io.catena.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.membership.KeyRange;
import io.catena.core.membership.StoreLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The primary replica of a token, as the ring's layout places it, on hand-built rings of several nodes. */
class TokenRingTest {

    // Each node owns (previous token, its token]; above the highest token wraps to the lowest.
    private final TokenRing ring = new TokenRing(Map.of(
            "10.0.0.2:9042", List.of(-100L, 500L),
            "10.0.0.1:9042", List.of(0L),
            "10.0.0.3:9042", List.of(200L, Long.MAX_VALUE - 1)));

    @Test
    void nodesAreNumberedInNameOrder() {
        assertThat(ring.layout().nodes()).containsExactly("10.0.0.1:9042", "10.0.0.2:9042", "10.0.0.3:9042");
    }

    @Test
    void aTokenBelongsToTheNodeOfTheFirstRingTokenAtOrAboveIt() {
        assertThat(ownerOf(ring, -100)).isEqualTo(1);
        assertThat(ownerOf(ring, -99)).isEqualTo(0);
        assertThat(ownerOf(ring, 0)).isEqualTo(0);
        assertThat(ownerOf(ring, 1)).isEqualTo(2);
        assertThat(ownerOf(ring, 200)).isEqualTo(2);
        assertThat(ownerOf(ring, 201)).isEqualTo(1);
        assertThat(ownerOf(ring, 500)).isEqualTo(1);
        assertThat(ownerOf(ring, 501)).isEqualTo(2);
        assertThat(ownerOf(ring, Long.MAX_VALUE - 1)).isEqualTo(2);
    }

    @Test
    void tokensAboveTheHighestWrapToTheLowest() {
        assertThat(ownerOf(ring, Long.MAX_VALUE)).isEqualTo(1);
        assertThat(ownerOf(ring, Long.MIN_VALUE)).isEqualTo(1);
    }

    /** The index of the node whose layout range holds {@code token}'s position. */
    private static int ownerOf(TokenRing ring, long token) {
        return ring.layout().nodeOf(Murmur3Positions.ofToken(token));
    }

    @Test
    void theLayoutAgreesWithALinearScanOnRandomRings() {
        long seed = 20_261_127L;
        Random random = new Random(seed);
        for (int run = 0; run < 400; run++) {
            Map<String, List<Long>> byNode = new TreeMap<>();
            TreeMap<Long, String> model = new TreeMap<>();
            List<Long> probes = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE, 0L));
            int nodes = 1 + random.nextInt(6);
            for (int n = 0; n < nodes; n++) {
                List<Long> tokens = new ArrayList<>();
                for (int t = 0; t < 1 + random.nextInt(4); t++) {
                    // The ring's ends are where a layout's first and last ranges wrap.
                    long token = random.nextInt(10) == 0 ? (random.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE)
                            : random.nextLong();
                    if (model.putIfAbsent(token, "n" + n) == null) {
                        tokens.add(token);
                        probes.addAll(List.of(token - 1, token, token + 1));
                    }
                }
                byNode.put("n" + n, tokens);
            }
            byNode.values().removeIf(List::isEmpty);
            TokenRing r = new TokenRing(byNode);
            StoreLayout layout = r.layout();
            for (int i = 0; i < 50; i++) {
                probes.add(random.nextLong());
            }
            for (long token : probes) {
                Map.Entry<Long, String> owner = model.ceilingEntry(token);
                String expected = owner == null ? model.firstEntry().getValue() : owner.getValue();
                assertThat(layout.nodes().get(layout.nodeOf(Murmur3Positions.ofToken(token))))
                        .as("seed %d run %d token %d in %s", seed, run, token, r).isEqualTo(expected);
            }
        }
    }

    @Test
    void aNodesRangeStartsJustAboveThePreviousToken() {
        StoreLayout layout = ring.layout();
        assertThat(layout.ranges()).containsExactly(
                new KeyRange(new byte[0], 1),
                new KeyRange(Murmur3Positions.ofToken(-99), 0),
                new KeyRange(Murmur3Positions.ofToken(1), 2),
                new KeyRange(Murmur3Positions.ofToken(201), 1),
                new KeyRange(Murmur3Positions.ofToken(501), 2),
                new KeyRange(Murmur3Positions.ofToken(Long.MAX_VALUE), 1));
    }

    @Test
    void positionsSortAsTheirTokens() {
        Random random = new Random(7);
        for (int i = 0; i < 1_000; i++) {
            long a = random.nextLong();
            long b = random.nextInt(4) == 0 ? a + random.nextInt(3) - 1 : random.nextLong();
            assertThat(Integer.signum(java.util.Arrays.compareUnsigned(Murmur3Positions.ofToken(a),
                    Murmur3Positions.ofToken(b)))).as("%d vs %d", a, b).isEqualTo(Integer.signum(Long.compare(a, b)));
        }
        assertThat(Murmur3Positions.ofToken(Long.MIN_VALUE)).containsOnly(0);
    }

    @Test
    void aTokenOwnedTwiceOrAnEmptyRingIsRejected() {
        assertThatThrownBy(() -> new TokenRing(Map.of("a", List.of(1L), "b", List.of(1L))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("token 1 is owned by both a and b");
        assertThatThrownBy(() -> new TokenRing(Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one node");
    }
}
