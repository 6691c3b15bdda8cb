package io.catena.harness.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.SeededRandom;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The workloads' existing forms draw exactly the transactions they drew before the forms that
 * abort on later hops existed (payers last, payments as procedure calls, appends that end on
 * claims): the same 500 transactions (specs and rows read) from the same random stream,
 * fingerprinted with the code of commit 4b345ff. A new form that drew one random number more in
 * the old ones would change every seed's history, and so what every sweep has checked. Should a
 * {@code toString} of these records change, the fingerprints change with it: recompute them at
 * that commit and compare.
 */
class UnchangedDrawsTest {

    @Test
    void theClassicBankDrawsWhatItAlwaysDrew() {
        assertThat(fingerprint("bank")).isEqualTo("f3566da0b84fd100");
        assertThat(fingerprint("bank:split=0.3,lookup=0.2,branches=3,auditBy=mixed,audit=0.2"))
                .isEqualTo("d6ccb1be0182f0e2");
    }

    @Test
    void listAppendWithoutClaimsDrawsWhatItAlwaysDrew() {
        assertThat(fingerprint("list-append")).isEqualTo("aecb4813263a6211");
        assertThat(fingerprint("list-append:keys=8,ops=6,ro=0.3")).isEqualTo("69a79cc95bd27623");
    }

    private static String fingerprint(String spec) {
        Workload workload = WorkloadSpec.parse(spec).create(1);
        SeededRandom random = new SeededRandom(42);
        UniqueValues unique = new UniqueValues(3);
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (int i = 0; i < 500; i++) {
                ClientTxn txn = workload.next(random, unique);
                // What was drawn, not how the history records it (steps gained guard reads since).
                String drawn = txn.spec() + " " + txn.readOnlyKeys() + " " + txn.readOnlyPartitions();
                digest.update(drawn.getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
