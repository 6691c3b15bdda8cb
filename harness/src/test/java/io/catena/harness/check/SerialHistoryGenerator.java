package io.catena.harness.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Simulates a random serial execution of random list-append and register transactions, one after
 * another against one state, and records what clients would have observed: committed transactions
 * see their reads; aborted, rejected and dropped ones take no effect; unknown ones take effect or
 * not at random, and nobody sees their reads. Any such history is serializable.
 *
 * <p>As in Jepsen's list-append workload, a few list keys are active at a time, and a key that has
 * had {@code maxAppendsPerKey} appends is retired for a fresh one, so that lists stay short.
 */
final class SerialHistoryGenerator {

    private static final List<String> REGIONS = List.of("eu", "us", "asia");

    private final Random random;
    private final int registerKeys;
    private final int maxAppendsPerKey;
    private final int[] activeListKeys;
    private final Map<String, Integer> appendsPerKey = new HashMap<>();
    private int nextListKey;
    private final Map<String, List<Long>> lists = new HashMap<>();
    private final Map<String, String> registers = new HashMap<>();
    private long nextValue = 1;
    private long nowMicros = 1_000;

    /** The generated history (in shuffled line order) and the final lists, the same in every region. */
    record Generated(List<HistoryEvent> history, FinalLists finalLists) {
    }

    SerialHistoryGenerator(Random random, int activeListKeys, int registerKeys, int maxAppendsPerKey) {
        this.random = random;
        this.registerKeys = registerKeys;
        this.maxAppendsPerKey = maxAppendsPerKey;
        this.activeListKeys = new int[activeListKeys];
        for (int i = 0; i < activeListKeys; i++) {
            this.activeListKeys[i] = nextListKey++;
        }
    }

    Generated generate(int txnCount) {
        List<HistoryEvent> history = new ArrayList<>(txnCount);
        for (int i = 0; i < txnCount; i++) {
            history.add(nextTxn("c" + random.nextInt(10) + "-" + i));
        }
        Collections.shuffle(history, random);
        Map<String, Map<String, List<Long>>> finals = new HashMap<>();
        for (String region : REGIONS) {
            finals.put(region, lists);
        }
        return new Generated(history, new FinalLists(finals));
    }

    private HistoryEvent nextTxn(String id) {
        TxnOutcome outcome = outcome();
        boolean applies = outcome == TxnOutcome.COMMITTED || outcome == TxnOutcome.UNKNOWN && random.nextBoolean();
        boolean readOnly = random.nextInt(5) == 0;
        Map<String, List<Long>> listWrites = new HashMap<>();
        Map<String, String> registerWrites = new HashMap<>();
        List<HistoryOp> ops = new ArrayList<>();
        int opCount = 1 + random.nextInt(5);
        while (ops.size() < opCount) {
            int choice = random.nextInt(readOnly ? 2 : 4);
            String listKey = listKey();
            String registerKey = "regs/r" + random.nextInt(registerKeys);
            if (choice == 0) {
                ops.add(readList(listKey, listWrites, outcome));
            } else if (choice == 1) {
                String value = registerWrites.getOrDefault(registerKey, registers.get(registerKey));
                OpValue observed = value == null || outcome != TxnOutcome.COMMITTED ? OpValue.NIL : OpValue.of(value);
                ops.add(HistoryOp.read(registerKey, observed));
            } else if (choice == 2) {
                long value = nextValue++;
                appendsPerKey.merge(listKey, 1, Integer::sum);
                listWrites.computeIfAbsent(listKey, k -> new ArrayList<>(lists.getOrDefault(k, List.of()))).add(value);
                ops.add(HistoryOp.append(listKey, value));
                if (random.nextBoolean()) {
                    ops.add(readList(listKey, listWrites, outcome));
                }
            } else {
                String value = id + "/" + ops.size();
                registerWrites.put(registerKey, value);
                ops.add(HistoryOp.write(registerKey, value));
            }
        }
        if (applies) {
            lists.putAll(listWrites);
            registers.putAll(registerWrites);
        }
        long invokeMicros = nowMicros;
        nowMicros += 1 + random.nextInt(50);
        Long completeMicros = outcome == TxnOutcome.UNKNOWN ? null : nowMicros;
        nowMicros++;
        return new HistoryEvent(id, REGIONS.get(random.nextInt(REGIONS.size())),
                readOnly ? TxnType.READ_ONLY : TxnType.READ_WRITE, invokeMicros, completeMicros, outcome, null, ops);
    }

    /** A random active list key; a key that has had its appends is first replaced by a fresh one. */
    private String listKey() {
        int slot = random.nextInt(activeListKeys.length);
        if (appendsPerKey.getOrDefault("lists/k" + activeListKeys[slot], 0) >= maxAppendsPerKey) {
            activeListKeys[slot] = nextListKey++;
        }
        return "lists/k" + activeListKeys[slot];
    }

    private HistoryOp readList(String key, Map<String, List<Long>> listWrites, TxnOutcome outcome) {
        if (outcome != TxnOutcome.COMMITTED) {
            return HistoryOp.read(key, OpValue.NIL);
        }
        List<Long> current = listWrites.getOrDefault(key, lists.get(key));
        return current == null && random.nextBoolean()
                ? HistoryOp.read(key, OpValue.NIL)
                : HistoryOp.read(key, OpValue.ofList(current == null ? List.of() : current));
    }

    private TxnOutcome outcome() {
        int roll = random.nextInt(100);
        if (roll < 80) {
            return TxnOutcome.COMMITTED;
        }
        if (roll < 87) {
            return TxnOutcome.ABORTED;
        }
        if (roll < 90) {
            return TxnOutcome.REJECTED;
        }
        if (roll < 93) {
            return TxnOutcome.DROPPED;
        }
        return TxnOutcome.UNKNOWN;
    }
}
