package io.catena.lab.report;

import io.catena.core.txn.TxnResult;
import java.util.regex.Pattern;

/**
 * The kind of an abort: its reason with what varies from one transaction to the next left out,
 * so that a run's aborts are counted by kind rather than listed one by one. A failed check
 * {@code bank/a17: balance >= 57 failed (balance is 30)} is of kind {@code balance >= N failed};
 * {@code insert of existing row claims/c3} of kind {@code insert of existing row claims/cN}.
 *
 * <p>Three steps, each about how the reasons are written: the row a reason starts with (a failed
 * check's; a conflict's, after the {@code conflict: } prefix, which stays so that retryable aborts
 * stay apart) is dropped, then a failed check's parenthesis saying what the row held, then every
 * number becomes {@code N}. A reason without numbers or keys is its own kind, such as a
 * procedure's {@code insufficient funds}.
 */
final class AbortKind {

    /** A row or partition key and its colon at the start of a reason: {@code bank/a17: }. */
    private static final Pattern SUBJECT = Pattern.compile("^[^\\s/:]+/\\S+: ");
    /** What the row held, after a failed check: {@code (balance is 30)}. */
    private static final Pattern FOUND = Pattern.compile("(?<= failed) \\([^()]*\\)$");
    /** A number, also within a key ({@code a17}), but not one that starts a name ({@code 2PL}). */
    private static final Pattern NUMBER = Pattern.compile("\\d++(\\.\\d++)?+(?![A-Z])");

    private AbortKind() {
    }

    /**
     * @param reason an abort's reason, not blank
     * @return its kind
     */
    static String of(String reason) {
        String prefix = TxnResult.isConflict(reason) ? TxnResult.CONFLICT_PREFIX : "";
        String rest = reason.substring(prefix.length());
        rest = SUBJECT.matcher(rest).replaceFirst("");
        rest = FOUND.matcher(rest).replaceFirst("");
        return prefix + NUMBER.matcher(rest).replaceAll("N");
    }
}
