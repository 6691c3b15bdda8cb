package io.catena.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The primary replica of a token on hand-built rings of several nodes. */
class TokenRingTest {

    // Each node owns (previous token, its token]; above the highest token wraps to the lowest.
    private final TokenRing ring = new TokenRing(Map.of(
            "10.0.0.2:9042", List.of(-100L, 500L),
            "10.0.0.1:9042", List.of(0L),
            "10.0.0.3:9042", List.of(200L, Long.MAX_VALUE - 1)));

    @Test
    void nodesAreNumberedInNameOrder() {
        assertThat(ring.nodes()).containsExactly("10.0.0.1:9042", "10.0.0.2:9042", "10.0.0.3:9042");
    }

    @Test
    void aTokenBelongsToTheNodeOfTheFirstRingTokenAtOrAboveIt() {
        assertThat(ring.ownerOf(-100)).isEqualTo(1);
        assertThat(ring.ownerOf(-99)).isEqualTo(0);
        assertThat(ring.ownerOf(0)).isEqualTo(0);
        assertThat(ring.ownerOf(1)).isEqualTo(2);
        assertThat(ring.ownerOf(200)).isEqualTo(2);
        assertThat(ring.ownerOf(201)).isEqualTo(1);
        assertThat(ring.ownerOf(500)).isEqualTo(1);
        assertThat(ring.ownerOf(501)).isEqualTo(2);
        assertThat(ring.ownerOf(Long.MAX_VALUE - 1)).isEqualTo(2);
    }

    @Test
    void tokensAboveTheHighestWrapToTheLowest() {
        assertThat(ring.ownerOf(Long.MAX_VALUE)).isEqualTo(1);
        assertThat(ring.ownerOf(Long.MIN_VALUE)).isEqualTo(1);
    }

    @Test
    void agreesWithALinearScanOnRandomRings() {
        long seed = 20_240_601L;
        Random random = new Random(seed);
        for (int run = 0; run < 200; run++) {
            Map<String, List<Long>> byNode = new TreeMap<>();
            TreeMap<Long, String> model = new TreeMap<>();
            int nodes = 1 + random.nextInt(6);
            for (int n = 0; n < nodes; n++) {
                List<Long> tokens = new java.util.ArrayList<>();
                for (int t = 0; t < 1 + random.nextInt(4); t++) {
                    long token = random.nextLong();
                    if (model.putIfAbsent(token, "n" + n) == null) {
                        tokens.add(token);
                    }
                }
                byNode.put("n" + n, tokens);
            }
            byNode.values().removeIf(List::isEmpty);
            TokenRing r = new TokenRing(byNode);
            for (int probe = 0; probe < 50; probe++) {
                long token = random.nextLong();
                Map.Entry<Long, String> owner = model.ceilingEntry(token);
                String expected = owner == null ? model.firstEntry().getValue() : owner.getValue();
                assertThat(r.nodes().get(r.ownerOf(token))).as("seed %d run %d token %d", seed, run, token)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void aTokenOwnedTwiceOrAnEmptyRingIsRejected() {
        assertThatThrownBy(() -> new TokenRing(Map.of("a", List.of(1L), "b", List.of(1L))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("token 1 is owned by both a and b");
        assertThatThrownBy(() -> new TokenRing(Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one node");
    }
}
