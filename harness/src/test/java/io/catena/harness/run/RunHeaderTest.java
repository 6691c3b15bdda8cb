package io.catena.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.harness.check.BankInvariant;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.check.InitialValues;
import io.catena.harness.check.KeyKind;
import io.catena.harness.check.OpValue;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.harness.SeededRandom;
import io.catena.harness.workload.ClientTxn;
import io.catena.harness.workload.UniqueValues;
import io.catena.harness.workload.Workload;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RunHeaderTest {

    private static final List<String> REGIONS = List.of("us-central1", "europe-west1");

    @Test
    void aBankDeclaresItsAccountsAsCountersWithTheirBalancesAndTotal() {
        HistoryHeader header = of("bank:accounts=200");

        assertThat(header.workload()).isEqualTo("bank:accounts=200");
        assertThat(header.regions()).isEqualTo(REGIONS);
        assertThat(header.comparableClocks()).isTrue();
        assertThat(header.tables()).isEqualTo(Map.of("accounts", KeyKind.COUNTER));
        assertThat(header.initial()).containsExactly(new InitialValues("accounts/a{i}", 0, 199, OpValue.of(1000)));
        assertThat(header.bank()).isEqualTo(new HistoryHeader.Bank("accounts", 200_000));
        assertThat(header.bankInvariant().accounts()).hasSize(200).contains("accounts/a0", "accounts/a199");
    }

    @Test
    void aBankOfBranchesNamesEachAccountInItsBranch() {
        Workload bank = WorkloadSpec.parse("bank:accounts=10,branches=3").create(1);
        HistoryHeader header = RunHeader.of("bank:accounts=10,branches=3", bank, REGIONS);

        assertThat(header.initial()).containsExactly(new InitialValues("accounts/b{i%3}#a{i}", 0, 9, OpValue.of(1000)));
        assertThat(header.bankInvariant().accounts()).isEqualTo(bank.bankInvariant().accounts());
    }

    @Test
    void listAppendDeclaresListsThatStartEmpty() {
        HistoryHeader header = of("list-append:keys=8");

        assertThat(header.tables()).isEqualTo(Map.of("lists", KeyKind.LIST));
        assertThat(header.initial()).isEmpty();
        assertThat(header.bank()).isNull();
    }

    @Test
    void kvDeclaresRegistersWhoseColumnStartsAbsent() {
        HistoryHeader header = of("kv:records=100");

        assertThat(header.tables()).isEqualTo(Map.of("kv", KeyKind.REGISTER));
        assertThat(header.initial()).isEmpty();
        assertThat(header.bank()).isNull();
    }

    @Test
    void paddingChangesNothingTheHistoryRecords() {
        assertThat(of("bank:accounts=5,pad=100").tables()).isEqualTo(of("bank:accounts=5").tables());
        assertThat(of("bank:accounts=5,pad=100").initial()).isEqualTo(of("bank:accounts=5").initial());
        assertThat(of("list-append:pad=100").tables()).isEqualTo(Map.of("lists", KeyKind.LIST));
    }

    @Test
    void aBankWhoseAccountsAreNotItsInitialKeysIsRefused() {
        Workload lying = new Workload() {
            @Override
            public String name() {
                return "lying";
            }

            @Override
            public Map<ChainKey, List<RowWrite>> initialData() {
                return Map.of();
            }

            @Override
            public ClientTxn next(SeededRandom random, UniqueValues unique) {
                throw new UnsupportedOperationException("never run");
            }

            @Override
            public List<String> tables() {
                return List.of("accounts");
            }

            @Override
            public BankInvariant bankInvariant() {
                return BankInvariant.of(Set.of("accounts/a0", "accounts/a1"), 10);
            }

            @Override
            public KeyKind keyKind(String table) {
                return KeyKind.COUNTER;
            }

            @Override
            public List<InitialValues> initialValues() {
                return List.of(new InitialValues("accounts/b{i}", 0, 1, OpValue.of(5)));
            }
        };

        assertThatThrownBy(() -> RunHeader.of("lying", lying, REGIONS)).isInstanceOf(IllegalStateException.class)
                .hasMessage("workload lying keeps a bank whose accounts are not the keys its initial values name in"
                        + " table accounts");
    }

    private static HistoryHeader of(String spec) {
        return RunHeader.of(spec, WorkloadSpec.parse(spec).create(1), REGIONS);
    }
}
