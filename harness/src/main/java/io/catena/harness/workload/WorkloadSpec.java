package io.catena.harness.workload;

import io.catena.harness.workload.BankWorkload;
import io.catena.harness.workload.KeyChooser;
import io.catena.harness.workload.KeyValueWorkload;
import io.catena.harness.workload.ListAppendWorkload;
import io.catena.harness.workload.PaddedWorkload;
import io.catena.harness.workload.Workload;
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
                    throw new IllegalArgumentException("workload parameter '" + kv + "' is not key=value");
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
                throw new IllegalArgumentException("unknown parameter '" + key + "' for workload " + name
                        + "; known: " + String.join(", ", known) + ", " + String.join(", ", COMMON));
            }
        }
    }

    public Workload create(long seed) {
        Workload workload = base(seed);
        int pad = integer("pad", 0);
        return pad > 0 ? new PaddedWorkload(workload, pad, decimal("padShare", 0.05)) : workload;
    }

    private Workload base(long seed) {
        return switch (name) {
            case "list-append" -> new ListAppendWorkload(
                    KeyChooser.parse(str("dist", "uniform"), integer("keys", 24)),
                    integer("ops", 4), decimal("ro", 0.2),
                    new ListAppendWorkload.Claims(decimal("insert", 0), integer("claims", 4)));
            case "bank" -> new BankWorkload(KeyChooser.parse(str("dist", "uniform"), integer("accounts", 10)),
                    integer("balance", 1_000), 100, new BankWorkload.Shares(decimal("audit", 0.1),
                    decimal("split", 0), decimal("lookup", 0), decimal("calls", 0),
                    decimal("interactive", 0)),
                    new BankWorkload.Form(integer("branches", 0),
                            choice("auditBy", BankWorkload.AuditReads.ROWS, "rows, partitions or mixed"),
                            choice("payer", BankWorkload.PayerHop.FIRST, "first or last")));
            case "kv" -> new KeyValueWorkload(KeyChooser.parse(str("dist", "uniform"), integer("records", 10_000)),
                    integer("min", 1), integer("max", 4), decimal("write", 0.5), decimal("ro", 0), seed, kvWrites());
            case "rmw" -> new ReadModifyWriteWorkload(KeyChooser.parse(str("dist", "uniform"), integer("keys", 8)),
                    integer("max", 3), decimal("write", 0.5));
            default -> throw new IllegalArgumentException("unknown workload '" + name
                    + "'; use list-append, bank, kv or rmw (optionally NAME:key=value,...)");
        };
    }

    private KeyValueWorkload.Writes kvWrites() {
        return switch (str("writes", "rmw")) {
            case "rmw" -> KeyValueWorkload.Writes.READ_MODIFY_WRITE;
            case "blind" -> KeyValueWorkload.Writes.BLIND;
            default -> throw new IllegalArgumentException("workload parameter writes=" + str("writes", "")
                    + " is not rmw or blind");
        };
    }

    /** The constant of {@code def}'s enum named by parameter {@code key} in any case, or {@code def}. */
    private <E extends Enum<E>> E choice(String key, E def, String spelled) {
        String v = str(key, def.name().toLowerCase());
        for (E e : def.getDeclaringClass().getEnumConstants()) {
            if (e.name().equalsIgnoreCase(v)) {
                return e;
            }
        }
        throw new IllegalArgumentException("workload parameter " + key + "=" + v + " is not " + spelled);
    }

    private String str(String key, String def) {
        return params.getOrDefault(key, def);
    }

    private int integer(String key, int def) {
        String v = params.get(key);
        try {
            return v == null ? def : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("workload parameter " + key + "=" + v + " is not an integer");
        }
    }

    private double decimal(String key, double def) {
        String v = params.get(key);
        try {
            return v == null ? def : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("workload parameter " + key + "=" + v + " is not a number");
        }
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
