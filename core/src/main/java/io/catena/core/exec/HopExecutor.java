package io.catena.core.exec;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.procedure.HopContext;
import io.catena.core.procedure.Procedure;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Runs one hop of a transaction against a partition view. Pure: the same spec, hop, view and
 * carried values give the same outcome in every region, which is what lets a region check a
 * speculative result by comparing inputs and re-run it when they differ.
 */
public final class HopExecutor {

    private final TxnPlanner planner;

    public HopExecutor(TxnPlanner planner) {
        this.planner = planner;
    }

    public HopOutcome execute(TxnSpec spec, TxnPlan plan, int hopIndex, PartitionView view, Row carryIn) {
        ChainKey key = plan.hop(hopIndex).key();
        Overlay overlay = new Overlay(view);
        try {
            if (spec instanceof TxnSpec.AdHoc adHoc) {
                return runAdHoc(adHoc, key, overlay, carryIn);
            }
            TxnSpec.ProcedureCall call = (TxnSpec.ProcedureCall) spec;
            Procedure procedure = planner.procedure(call)
                    .orElseThrow(() -> new IllegalStateException("procedure vanished: " + call.name()));
            Context ctx = new Context(call.args(), carryIn, key, overlay);
            procedure.executeHop(hopIndex, ctx);
            if (ctx.abortReason != null) {
                return HopOutcome.abort(ctx.abortReason, carryIn, overlay.accessedBytes, ctx.reads);
            }
            return new HopOutcome(overlay.writes(), ctx.carry, ctx.reads, ctx.outputs, null, overlay.accessedBytes);
        } catch (ArithmeticException | IllegalStateException | IllegalArgumentException e) {
            // Deterministic failures of deterministic code: every region fails the same way.
            return HopOutcome.abort("hop failed on " + key + ": " + e.getMessage(), carryIn, overlay.accessedBytes);
        }
    }

    private static HopOutcome runAdHoc(TxnSpec.AdHoc adHoc, ChainKey key, Overlay overlay, Row carryIn) {
        List<ReadResult> reads = new ArrayList<>();
        for (Op op : adHoc.ops()) {
            RowKey rowKey = op.key();
            if (!rowKey.chainKey().equals(key)) {
                continue;
            }
            String c = rowKey.clustering();
            if (op instanceof Op.Read) {
                reads.add(new ReadResult(rowKey, overlay.read(c)));
            } else if (op instanceof Op.Write w) {
                overlay.put(c, w.row());
            } else if (op instanceof Op.Update u) {
                Row current = overlay.read(c);
                overlay.put(c, u.fn().apply(current == null ? Row.EMPTY : current));
            } else if (op instanceof Op.Insert ins) {
                if (overlay.read(c) != null) {
                    return HopOutcome.abort("insert of existing row " + rowKey, carryIn, overlay.accessedBytes);
                }
                overlay.put(c, ins.row());
            } else if (op instanceof Op.Delete) {
                overlay.delete(c);
            } else if (op instanceof Op.Check check) {
                // The row a check compared is reported like a read, and with the abort it causes,
                // so that a client (and a history checker) can see why a transaction went either way.
                // An interactive transaction's checks are reported only when they fail: the client
                // holds the rows it read, and they are what passing checks would report.
                Row current = overlay.read(c);
                ReadResult guard = new ReadResult(rowKey, current);
                Condition condition = check.condition();
                if (!condition.test(current)) {
                    String reason = rowKey + ": " + condition.failure(current);
                    return HopOutcome.abort(condition.conflict() ? TxnResult.CONFLICT_PREFIX + reason : reason,
                            carryIn, overlay.accessedBytes, List.of(guard));
                }
                if (!(condition instanceof Condition.Unchanged)) {
                    reads.add(guard);
                }
            } else if (op instanceof Op.CheckPartition check) {
                if (!RowDigest.ofRows(overlay.scan("", null)).equals(check.digest())) {
                    return HopOutcome.abort(TxnResult.CONFLICT_PREFIX + key + ": the partition changed after the "
                            + "transaction read it", carryIn, overlay.accessedBytes);
                }
            }
        }
        return new HopOutcome(overlay.writes(), carryIn, reads, Row.EMPTY, null, overlay.accessedBytes);
    }

    /** The hop's own writes laid over the view, so that a hop reads what it wrote. */
    private static final class Overlay {
        private static final Row DELETED = Row.of("__deleted__", 1);

        private final PartitionView view;
        private final TreeMap<String, Row> written = new TreeMap<>();
        private int accessedBytes;

        Overlay(PartitionView view) {
            this.view = view;
        }

        Row read(String clustering) {
            Row w = written.get(clustering);
            if (w != null) {
                return w == DELETED ? null : w;
            }
            Row r = view.read(clustering);
            accessedBytes += clustering.length() + (r == null ? 0 : r.sizeBytes());
            return r;
        }

        SortedMap<String, Row> scan(String from, String to) {
            TreeMap<String, Row> merged = new TreeMap<>(view.scan(from, to));
            for (Map.Entry<String, Row> e : merged.entrySet()) {
                accessedBytes += e.getKey().length() + e.getValue().sizeBytes();
            }
            SortedMap<String, Row> mine = to == null ? written.tailMap(from) : written.subMap(from, to);
            for (Map.Entry<String, Row> e : mine.entrySet()) {
                if (e.getValue() == DELETED) {
                    merged.remove(e.getKey());
                } else {
                    merged.put(e.getKey(), e.getValue());
                }
            }
            return Collections.unmodifiableSortedMap(merged);
        }

        void put(String clustering, Row row) {
            accessedBytes += clustering.length() + row.sizeBytes();
            written.put(clustering, row);
        }

        void delete(String clustering) {
            accessedBytes += clustering.length();
            written.put(clustering, DELETED);
        }

        List<RowWrite> writes() {
            List<RowWrite> out = new ArrayList<>(written.size());
            for (Map.Entry<String, Row> e : written.entrySet()) {
                out.add(e.getValue() == DELETED ? RowWrite.delete(e.getKey()) : RowWrite.put(e.getKey(), e.getValue()));
            }
            return out;
        }
    }

    /** The procedure's window onto its hop. */
    private static final class Context implements HopContext {
        private final Row args;
        private final Row carriedIn;
        private final ChainKey key;
        private final Overlay overlay;
        private Row carry;
        private Row outputs = Row.EMPTY;
        private final List<ReadResult> reads = new ArrayList<>();
        private String abortReason;

        Context(Row args, Row carriedIn, ChainKey key, Overlay overlay) {
            this.args = args;
            this.carriedIn = carriedIn;
            this.carry = carriedIn;
            this.key = key;
            this.overlay = overlay;
        }

        @Override
        public Row args() {
            return args;
        }

        @Override
        public Row carried() {
            return carriedIn;
        }

        @Override
        public ChainKey key() {
            return key;
        }

        @Override
        public Row read(String clustering) {
            return overlay.read(clustering);
        }

        @Override
        public SortedMap<String, Row> scan(String from, String to) {
            return overlay.scan(from, to);
        }

        @Override
        public void write(String clustering, Row row) {
            if (row == null) {
                throw new IllegalArgumentException("write of a null row; use delete");
            }
            overlay.put(clustering, row);
        }

        @Override
        public void delete(String clustering) {
            overlay.delete(clustering);
        }

        @Override
        public void carry(String name, Datum value) {
            carry = carry.with(name, value);
        }

        @Override
        public void output(String name, Datum value) {
            outputs = outputs.with(name, value);
        }

        @Override
        public void report(String clustering, Row row) {
            reads.add(new ReadResult(new RowKey(key, clustering), row));
        }

        @Override
        public void abort(String reason) {
            if (abortReason == null) {
                abortReason = reason == null ? "aborted by procedure" : reason;
            }
        }
    }
}
