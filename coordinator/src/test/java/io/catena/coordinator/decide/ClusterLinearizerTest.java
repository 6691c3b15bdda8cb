package io.catena.coordinator.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ClusterLinearizerTest {

    private static TxnId txn(int i) {
        return new TxnId(7, RegionId.of(0), i);
    }

    private static ChainKey key(int k) {
        return ChainKey.of("t", "k" + k);
    }

    /** The example of DESIGN.md §3: three regions, three keys, a Condorcet cycle. */
    @Test
    void breaksTheMajorityCycleOfTheDesignDocumentCanonically() {
        TxnId a = txn(0);
        TxnId b = txn(1);
        TxnId c = txn(2);
        TreeMap<ChainKey, List<TxnId>> decided = new TreeMap<>();
        decided.put(key(1), List.of(a, b)); // A before B
        decided.put(key(2), List.of(b, c)); // B before C
        decided.put(key(3), List.of(c, a)); // C before A
        ClusterLinearizer.Linearization l = ClusterLinearizer.linearize(List.of(a, b, c), decided, (t, k) -> true);
        assertThat(l.order()).containsExactly(a, b, c);
        assertThat(l.membersInCycles()).isEqualTo(3);
    }

    @Test
    void readersBetweenTheSameWritersAreNotOrderedAgainstEachOther() {
        TxnId w1 = txn(0);
        TxnId r1 = txn(1);
        TxnId r2 = txn(2);
        TxnId w2 = txn(3);
        TreeMap<ChainKey, List<TxnId>> decided = new TreeMap<>();
        decided.put(key(1), List.of(w1, r2, r1, w2));
        ClusterLinearizer.Linearization l = ClusterLinearizer.linearize(List.of(w1, r1, r2, w2), decided,
                (t, k) -> t.equals(w1) || t.equals(w2));
        assertThat(l.order()).containsExactly(w1, r1, r2, w2);
        assertThat(l.membersInCycles()).isZero();
    }

    /** When the key orders come from one serial order, the result respects every one of them. */
    @Property(tries = 300)
    void respectsEveryKeyOrderThatComesFromOneSerialOrder(@ForAll long seed,
                                                          @ForAll @IntRange(min = 2, max = 12) int n,
                                                          @ForAll @IntRange(min = 1, max = 6) int keys) {
        Random random = new Random(seed);
        List<TxnId> members = members(n);
        List<TxnId> serial = new ArrayList<>(members);
        Collections.shuffle(serial, random);
        Map<TxnId, Integer> pos = positions(serial);
        Access access = Access.random(members, keys, random);
        TreeMap<ChainKey, List<TxnId>> decided = new TreeMap<>();
        for (int k = 0; k < keys; k++) {
            List<TxnId> touching = access.touching(k, members);
            touching.sort((x, y) -> Integer.compare(pos.get(x), pos.get(y)));
            if (touching.size() > 1) {
                decided.put(key(k), touching);
            }
        }
        ClusterLinearizer.Linearization l = ClusterLinearizer.linearize(members, decided, access::writes);
        assertThat(l.membersInCycles()).isZero();
        Map<TxnId, Integer> out = positions(l.order());
        for (Map.Entry<ChainKey, List<TxnId>> e : decided.entrySet()) {
            List<TxnId> order = e.getValue();
            for (int i = 0; i < order.size(); i++) {
                for (int j = i + 1; j < order.size(); j++) {
                    if (access.writes(order.get(i), e.getKey()) || access.writes(order.get(j), e.getKey())) {
                        assertThat(out.get(order.get(i))).isLessThan(out.get(order.get(j)));
                    }
                }
            }
        }
    }

    /**
     * With arbitrary (possibly contradictory) key orders, the result is a permutation of the
     * members, is deterministic, and keeps every precedence that is not part of a cycle.
     */
    @Property(tries = 300)
    void keepsEveryPrecedenceOutsideCycles(@ForAll long seed,
                                           @ForAll @IntRange(min = 2, max = 10) int n,
                                           @ForAll @IntRange(min = 1, max = 6) int keys) {
        Random random = new Random(seed);
        List<TxnId> members = members(n);
        Access access = Access.random(members, keys, random);
        TreeMap<ChainKey, List<TxnId>> decided = new TreeMap<>();
        for (int k = 0; k < keys; k++) {
            List<TxnId> touching = access.touching(k, members);
            Collections.shuffle(touching, random);
            if (touching.size() > 1) {
                decided.put(key(k), touching);
            }
        }
        ClusterLinearizer.Linearization l = ClusterLinearizer.linearize(members, decided, access::writes);
        assertThat(l.order()).containsExactlyInAnyOrderElementsOf(members);
        assertThat(ClusterLinearizer.linearize(members, decided, access::writes)).isEqualTo(l);

        boolean[][] reach = reachability(members, decided, access);
        Map<TxnId, Integer> out = positions(l.order());
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                if (a != b && reach[a][b] && !reach[b][a]) {
                    assertThat(out.get(members.get(a))).isLessThan(out.get(members.get(b)));
                }
            }
        }
    }

    private static boolean[][] reachability(List<TxnId> members, TreeMap<ChainKey, List<TxnId>> decided,
                                            Access access) {
        int n = members.size();
        Map<TxnId, Integer> idx = positions(members);
        boolean[][] r = new boolean[n][n];
        for (Map.Entry<ChainKey, List<TxnId>> e : decided.entrySet()) {
            List<TxnId> order = e.getValue();
            for (int i = 0; i < order.size(); i++) {
                for (int j = i + 1; j < order.size(); j++) {
                    if (access.writes(order.get(i), e.getKey()) || access.writes(order.get(j), e.getKey())) {
                        r[idx.get(order.get(i))][idx.get(order.get(j))] = true;
                    }
                }
            }
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    r[i][j] |= r[i][k] && r[k][j];
                }
            }
        }
        return r;
    }

    private static List<TxnId> members(int n) {
        List<TxnId> m = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            m.add(txn(i));
        }
        return m;
    }

    private static Map<TxnId, Integer> positions(List<TxnId> order) {
        Map<TxnId, Integer> p = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            p.put(order.get(i), i);
        }
        return p;
    }

    /** Which members touch and write which keys. */
    private record Access(Map<TxnId, Set<Integer>> touches, Map<TxnId, Set<Integer>> writesKeys) {
        static Access random(List<TxnId> members, int keys, Random random) {
            Map<TxnId, Set<Integer>> t = new HashMap<>();
            Map<TxnId, Set<Integer>> w = new HashMap<>();
            for (TxnId m : members) {
                Set<Integer> ts = new HashSet<>();
                Set<Integer> ws = new HashSet<>();
                int count = 1 + random.nextInt(Math.min(3, keys));
                for (int i = 0; i < count; i++) {
                    int k = random.nextInt(keys);
                    ts.add(k);
                    if (random.nextInt(3) > 0) {
                        ws.add(k);
                    }
                }
                t.put(m, ts);
                w.put(m, ws);
            }
            return new Access(t, w);
        }

        List<TxnId> touching(int k, List<TxnId> members) {
            List<TxnId> out = new ArrayList<>();
            for (TxnId m : members) {
                if (touches.get(m).contains(k)) {
                    out.add(m);
                }
            }
            return out;
        }

        boolean writes(TxnId t, ChainKey key) {
            return writesKeys.get(t).contains(Integer.parseInt(key.partition().substring(1)));
        }
    }
}
