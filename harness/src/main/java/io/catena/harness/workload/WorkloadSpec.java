package io.catena.harness.workload;

import io.catena.core.txn.TxnPlanner;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workload named on the command line: {@code NAME[:key=value,...]}.
 * <ul>
 *   <li>{@code list-append} — keys (default 24), ops (max per transaction, 4), dist (uniform),
 *       ro (read-only share, 0.2), insert (share of read-write transactions that end, after their
 *       appends, on one of a few rows of table {@code claims}: half insert it, aborting when it
 *       exists, a quarter delete it, a quarter read it; 0), claims (how many such rows, 4);</li>
 *   <li>{@code bank} — accounts (10), dist (uniform), audit (read-only audits, 0.1), lookup
 *       (read-only checks of three balances, 0), split (three-account updates among the
 *       read-write ones, 0), branches (partitions holding the accounts as rows, 0: one partition
 *       per account), auditBy (how audits read: rows | partitions | mixed, rows), balance (each
 *       account's initial balance, 1000; transfers move 1-100, so a low balance makes payers
 *       short and payments abort), payer (where a transfer or split checks and debits its payer:
 *       first | last, first; last credits the payees first, so the check that may abort sits on
 *       a later hop than writes), calls (share of transfers and splits made as calls of the
 *       registered procedure {@code bank-payment}, which credits first and aborts on the payer's
 *       hop when the payer is short, 0), interactive (share of two-account transfers made as
 *       interactive transactions that read both balances and set them, 0);</li>
 *   <li>{@code kv} — records (10000), min (1), max (4) keys per transaction, dist (uniform |
 *       zipf1 | zipf2), write (0.5), ro (0), writes (rmw: read each record written in the same
 *       step, so the checker can order its versions | blind: the paper's form, for figures).</li>
 *   <li>{@code rmw} — keys (registers, 8), max (registers an interactive transaction reads, 3),
 *       write (chance that each register read is also written, one always is, 0.5), dist
 *       (uniform): interactive read-modify-writes ({@link ReadModifyWriteWorkload}).</li>
 * </ul>
 * Every workload also takes {@code pad} (characters, 0: off) and {@code padShare} (0.05): that
 * share of its read-write transactions carries up to {@code pad} characters more
 * ({@link PaddedWorkload}), to exercise the byte bounds.
 *
 * <p>Shares are numbers from 0 to 1, counts whole numbers; a transaction's keys (ops, min, max)
 * are at most the partitions one transaction may touch. A value a parameter does not accept ends
 * in one sentence that names the workload, the parameter and what it accepts
 * ({@link WorkloadParams}).
 */
public record WorkloadSpec(String name, Map<String, String> params) {

    /** Whether {@code spec} starts with the name of one of these workloads (its parameters unchecked). */
    public static boolean names(String spec) {
        int colon = spec.indexOf(':');
        return PARAMETERS.containsKey(colon < 0 ? spec : spec.substring(0, colon));
    }

    public static WorkloadSpec parse(String spec) {
        String name = spec;
        Map<String, String> params = new LinkedHashMap<>();
        int colon = spec.indexOf(':');
        if (colon >= 0) {
            name = spec.substring(0, colon);
            for (String kv : spec.substring(colon + 1).split(",")) {
                if (kv.isBlank()) {
                    continue;
                }
                int eq = kv.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("workload " + name + ": parameter '" + kv.trim()
                            + "' must be written key=value");
                }
                params.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
            }
        }
        WorkloadSpec ws = new WorkloadSpec(name, params);
        ws.checkParameters();
        ws.create(0);
        return ws;
    }

    private static final List<String> COMMON = List.of("pad", "padShare");

    private static final Map<String, List<String>> PARAMETERS = Map.of(
            "list-append", List.of("keys", "ops", "dist", "ro", "insert", "claims"),
            "bank", List.of("accounts", "dist", "audit", "lookup", "split", "branches", "auditBy", "balance", "payer",
                    "calls", "interactive"),
            "kv", List.of("records", "min", "max", "dist", "write", "ro", "writes"),
            "rmw", List.of("keys", "max", "write", "dist"));

    /** A misspelt parameter would otherwise be ignored silently and the run would measure something else. */
    private void checkParameters() {
        List<String> known = PARAMETERS.get(name);
        if (known == null) {
            return;
        }
        for (String key : params.keySet()) {
            if (!known.contains(key) && !COMMON.contains(key)) {
                throw new IllegalArgumentException("workload " + name + ": there is no parameter '" + key
                        + "'; its parameters are " + String.join(", ", known) + ", " + String.join(", ", COMMON));
            }
        }
    }

    public Workload create(long seed) {
        WorkloadParams p = new WorkloadParams(name, params);
        Workload workload = base(seed, p);
        int pad = p.offOrAtLeast("pad", 0, PaddedWorkload.MIN_CHARS);
        return pad > 0 ? new PaddedWorkload(workload, pad, p.share("padShare", 0.05)) : workload;
    }

    private Workload base(long seed, WorkloadParams p) {
        return switch (name) {
            case "list-append" -> listAppend(p);
            case "bank" -> bank(p);
            case "kv" -> keyValue(seed, p);
            case "rmw" -> readModifyWrite(p);
            default -> throw new IllegalArgumentException("unknown workload '" + name
                    + "'; use list-append, bank, kv or rmw (optionally NAME:key=value,...)");
        };
    }

    private static final String HOPS = " (a transaction touches at most " + TxnPlanner.MAX_HOPS + " partitions)";

    private static Workload listAppend(WorkloadParams p) {
        KeyChooser keys = p.keys(p.whole("keys", 24, 1, Integer.MAX_VALUE));
        // One partition a key, and one more for the claim a transaction may end on.
        int ops = p.whole("ops", 4, 1, TxnPlanner.MAX_HOPS - 1, HOPS);
        return new ListAppendWorkload(keys, ops, p.share("ro", 0.2),
                new ListAppendWorkload.Claims(p.share("insert", 0), p.whole("claims", 4, 1, Integer.MAX_VALUE)));
    }

    private static Workload bank(WorkloadParams p) {
        double split = p.share("split", 0);
        // A transfer pays from one account to another, a split to two others.
        KeyChooser accounts = p.keys(split > 0 ? p.whole("accounts", 10, 3, Integer.MAX_VALUE, " when split is above 0")
                : p.whole("accounts", 10, 2, Integer.MAX_VALUE));
        return new BankWorkload(accounts, p.whole("balance", 1_000, 0, Integer.MAX_VALUE), 100,
                new BankWorkload.Shares(p.share("audit", 0.1), split, p.share("lookup", 0), p.share("calls", 0),
                        p.share("interactive", 0)),
                new BankWorkload.Form(p.whole("branches", 0, 0, Integer.MAX_VALUE),
                        p.choice("auditBy", BankWorkload.AuditReads.ROWS, "rows, partitions or mixed"),
                        p.choice("payer", BankWorkload.PayerHop.FIRST, "first or last")));
    }

    private static Workload keyValue(long seed, WorkloadParams p) {
        KeyChooser records = p.keys(p.whole("records", 10_000, 1, Integer.MAX_VALUE));
        int min = p.whole("min", 1, 1, TxnPlanner.MAX_HOPS, HOPS);
        int max = p.whole("max", Math.max(4, min), min, TxnPlanner.MAX_HOPS, HOPS);
        String writes = p.text("writes", "rmw");
        KeyValueWorkload.Writes form = switch (writes) {
            case "rmw" -> KeyValueWorkload.Writes.READ_MODIFY_WRITE;
            case "blind" -> KeyValueWorkload.Writes.BLIND;
            default -> throw p.invalid("writes", "rmw or blind", writes);
        };
        return new KeyValueWorkload(records, min, max, p.share("write", 0.5), p.share("ro", 0), seed, form);
    }

    private static Workload readModifyWrite(WorkloadParams p) {
        int keys = p.whole("keys", 8, 1, Integer.MAX_VALUE);
        int max = p.whole("max", Math.min(3, keys), 1, Math.min(keys, TxnPlanner.MAX_HOPS),
                " (no more than keys, and a transaction touches at most " + TxnPlanner.MAX_HOPS + " partitions)");
        return new ReadModifyWriteWorkload(p.keys(keys), max, p.share("write", 0.5));
    }

    @Override
    public String toString() {
        if (params.isEmpty()) {
            return name;
        }
        StringBuilder sb = new StringBuilder(name).append(':');
        params.forEach((k, v) -> sb.append(k).append('=').append(v).append(','));
        sb.setLength(sb.length() - 1);
        return sb.toString();
    }
}
