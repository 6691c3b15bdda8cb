package io.catena.harness.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The dependency edges of register keys, inferred as Elle's rw-register analysis does from
 * read-modify-writes: a committed transaction that read a register and then wrote it replaced
 * exactly the value it read, so in a serializable history that value's version comes right
 * before its own. From those links:
 * <ul>
 *   <li>ww from the writer of the value a read-modify-write replaced to the read-modify-write;</li>
 *   <li>wr from the writer of a value to every committed transaction that read it first thing
 *       (before writing the key itself);</li>
 *   <li>rw from every committed transaction that read a value to each read-modify-write that
 *       replaced it.</li>
 * </ul>
 * Two committed read-modify-writes that replaced the same value (a lost update) then have rw
 * edges both ways, a G2 cycle. Blind writes (no read of the key before the write in the same
 * transaction) are not placed in any order: they only give their readers wr edges, as do writes
 * of transactions whose outcome is unknown, whose reads the history does not know.
 *
 * <p>The initial value of a register (null if absent) has no writer: readers of it get rw edges
 * to the read-modify-writes that replaced it, and nothing else. Written values are unique per key
 * (the format's promise), so a value names its writer.
 *
 * <p>Edges are added in the order of the history's transactions, so reports are the same in every
 * run. One use per history, on the checker's thread.
 */
final class RegisterDependencies {

    private final IndexedHistory history;
    private final Predicate<String> isRegister;
    private final DependencyGraph graph;
    /** Per key, each written value's writer, preferring one that may have committed. */
    private final Map<String, Map<OpValue, Integer>> writers;
    /** Per key, the committed read-modify-writes that replaced each value. */
    private final Map<String, Map<OpValue, List<Integer>>> replacers = new LinkedHashMap<>();
    /** Per key, the committed transactions that read each value before writing the key. */
    private final Map<String, Map<OpValue, List<Integer>>> readers = new LinkedHashMap<>();
    private long links;

    /** @param writers per register key, each written value's writer, preferring one that may have committed */
    RegisterDependencies(IndexedHistory history, Predicate<String> isRegister,
                         Map<String, Map<OpValue, Integer>> writers, DependencyGraph graph) {
        this.history = history;
        this.isRegister = isRegister;
        this.writers = writers;
        this.graph = graph;
    }

    /** Adds every edge the register keys of the history show, and counts the links found. */
    void addEdges(CheckReport.Builder report) {
        for (int txn = 0; txn < history.size(); txn++) {
            collect(txn);
        }
        replacers.forEach((key, byValue) -> byValue.forEach((replaced, rmws) -> {
            Integer writer = mayHaveCommittedWriter(key, replaced);
            for (int rmw : rmws) {
                if (writer != null) {
                    graph.add(writer, rmw, DependencyType.WW, key);
                }
            }
        }));
        readers.forEach((key, byValue) -> byValue.forEach((value, readBy) -> {
            Integer writer = mayHaveCommittedWriter(key, value);
            List<Integer> rmws = replacers.getOrDefault(key, Map.of()).getOrDefault(value, List.of());
            for (int reader : readBy) {
                if (writer != null) {
                    graph.add(writer, reader, DependencyType.WR, key);
                }
                for (int rmw : rmws) {
                    graph.add(reader, rmw, DependencyType.RW, key);
                }
            }
        }));
        report.info("register-rmw-links", links);
    }

    /** The reads and writes of one transaction, key by key, in program order. */
    private void collect(int txn) {
        HistoryEvent event = history.event(txn);
        Map<String, OpValue> firstRead = new HashMap<>();
        Set<String> written = new HashSet<>();
        for (HistoryOp op : event.ops()) {
            if (!isRegister.test(op.key())) {
                continue;
            }
            String key = op.key();
            if (op.f() == OpFunction.READ && !written.contains(key) && !firstRead.containsKey(key)) {
                firstRead.put(key, op.value());
                if (event.committed()) {
                    readers.computeIfAbsent(key, k -> new LinkedHashMap<>())
                            .computeIfAbsent(op.value(), v -> new ArrayList<>()).add(txn);
                }
            } else if (op.f() == OpFunction.WRITE) {
                if (event.committed() && firstRead.containsKey(key) && !written.contains(key)) {
                    replacers.computeIfAbsent(key, k -> new LinkedHashMap<>())
                            .computeIfAbsent(firstRead.get(key), v -> new ArrayList<>()).add(txn);
                    links++;
                }
                written.add(key);
            }
        }
    }

    /** The writer of {@code value} if it committed or may have; null for an initial or unwritten value. */
    private Integer mayHaveCommittedWriter(String key, OpValue value) {
        Integer writer = writers.getOrDefault(key, Map.of()).get(value);
        return writer != null && !history.outcome(writer).neverCommitted() ? writer : null;
    }
}
