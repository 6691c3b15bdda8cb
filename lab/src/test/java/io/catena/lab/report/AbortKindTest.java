package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Abort reasons as the core, the baselines and the workloads' procedures write them, and their kinds. */
class AbortKindTest {

    @Test
    void aFailedCheckIsItsConditionWithoutTheRowItsValueOrWhatTheRowHeld() {
        assertThat(AbortKind.of("accounts/alice: balance >= 1000 failed (balance is 90)"))
                .isEqualTo("balance >= N failed");
        assertThat(AbortKind.of("bank/b2#a17: balance >= 57 failed (the row is absent)"))
                .isEqualTo("balance >= N failed");
        assertThat(AbortKind.of("bank/a3: the row must exist and does not")).isEqualTo("the row must exist and does not");
    }

    @Test
    void aConflictKeepsItsPrefixSoItStaysApartFromTheTransactionsOwnAborts() {
        assertThat(AbortKind.of("conflict: bank/a3: changed after the transaction read it"))
                .isEqualTo("conflict: changed after the transaction read it");
        assertThat(AbortKind.of("conflict: bank/b1: the partition changed after the transaction read it"))
                .isEqualTo("conflict: the partition changed after the transaction read it");
        assertThat(AbortKind.of("conflict: 2PL: no majority of regions granted the locks within 250 ms"))
                .isEqualTo("conflict: 2PL: no majority of regions granted the locks within N ms");
        assertThat(AbortKind.of("the 32PC round timed out")).isEqualTo("the 32PC round timed out");
        assertThat(AbortKind.of("conflict: OCC: validation failed at a majority of regions 3 times (a conflicting "
                + "transaction committed or was validated first)")).isEqualTo("conflict: OCC: validation failed at a "
                + "majority of regions N times (a conflicting transaction committed or was validated first)");
    }

    @Test
    void numbersInKeysAndAmountsBecomeN() {
        assertThat(AbortKind.of("insert of existing row claims/c3")).isEqualTo("insert of existing row claims/cN");
        assertThat(AbortKind.of("payer bank/a12 holds 30, less than the 57 it would pay"))
                .isEqualTo("payer bank/aN holds N, less than the N it would pay");
        assertThat(AbortKind.of("the rate fell to 0.25")).isEqualTo("the rate fell to N");
    }

    @Test
    void aReasonWithNothingThatVariesIsItsOwnKind() {
        assertThat(AbortKind.of("insufficient funds")).isEqualTo("insufficient funds");
    }
}
