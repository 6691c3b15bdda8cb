package io.catena.simulation.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.simulation.check.OpFunction;
import io.catena.simulation.cluster.WorkloadSpec;
import io.catena.simulation.engine.SimRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The bank's accounts in branch partitions, and audits that read them by key, whole or both ways:
 * every audit covers every account exactly once and records a read of each, and the bank of old
 * (a partition per account, audits by key) is what it always was.
 */
class BankWorkloadTest {

    @Test
    void byDefaultEachAccountIsAPartitionOfItsOwnAndAuditsReadEveryRowByKey() {
        Workload bank = WorkloadSpec.parse("bank:accounts=3,audit=1").create(1);

        ClientTxn audit = bank.next(new SimRandom(7), new UniqueValues(1));

        assertThat(bank.initialData().keySet()).extracting(ChainKey::toString)
                .containsExactly("accounts/a0", "accounts/a1", "accounts/a2");
        assertThat(audit.readOnlyKeys()).extracting(RowKey::toString)
                .containsExactly("accounts/a0", "accounts/a1", "accounts/a2");
        assertThat(audit.readOnlyPartitions()).isEmpty();
        assertThat(bank.bankInvariant().accounts()).containsExactly("accounts/a0", "accounts/a1", "accounts/a2");
    }

    @Test
    void branchesHoldTheAccountsAsRowsAndAPartitionAuditReadsEachBranchWhole() {
        Workload bank = WorkloadSpec.parse("bank:accounts=5,branches=2,audit=1,auditBy=partitions").create(1);

        ClientTxn audit = bank.next(new SimRandom(7), new UniqueValues(1));

        Map<ChainKey, List<RowWrite>> data = bank.initialData();
        assertThat(data.keySet()).containsExactly(ChainKey.of("accounts", "b0"), ChainKey.of("accounts", "b1"));
        assertThat(data.get(ChainKey.of("accounts", "b1"))).extracting(RowWrite::clustering).containsExactly("a1", "a3");
        assertThat(audit.readOnlyKeys()).isEmpty();
        assertThat(audit.readOnlyPartitions()).containsExactly(ChainKey.of("accounts", "b0"), ChainKey.of("accounts", "b1"));
        assertThat(audit.steps()).allMatch(s -> s.function() == OpFunction.READ).extracting(s -> s.key().toString())
                .containsExactly("accounts/b0#a0", "accounts/b1#a1", "accounts/b0#a2", "accounts/b1#a3", "accounts/b0#a4");
        assertThat(bank.bankInvariant().accounts()).hasSize(5).contains("accounts/b1#a3");
    }

    @Test
    void aMixedAuditCoversEveryAccountOnceWhetherByKeyOrWithItsBranchAndMixesBoth() {
        BankAccounts layout = new BankAccounts(7, 3);
        Workload bank = WorkloadSpec.parse("bank:accounts=7,branches=3,audit=1,auditBy=mixed").create(1);
        SimRandom random = new SimRandom(11);
        boolean sawBoth = false;
        for (int i = 0; i < 40; i++) {
            ClientTxn audit = bank.next(random, new UniqueValues(1));
            List<RowKey> covered = new ArrayList<>(audit.readOnlyKeys());
            audit.readOnlyPartitions().forEach(p -> covered.addAll(layout.accountsOf(p)));
            Set<RowKey> all = new HashSet<>();
            for (int a = 0; a < 7; a++) {
                all.add(layout.account(a));
            }

            assertThat(covered).hasSize(7).containsExactlyInAnyOrderElementsOf(all);
            assertThat(audit.readOnlyKeys()).noneMatch(k -> audit.readOnlyPartitions().contains(k.chainKey()));
            sawBoth |= !audit.readOnlyKeys().isEmpty() && !audit.readOnlyPartitions().isEmpty();
        }
        assertThat(sawBoth).as("some audit read rows by key and partitions together").isTrue();
    }

    @Test
    void anUnknownWayToAuditIsRefused() {
        assertThatThrownBy(() -> WorkloadSpec.parse("bank:auditBy=tables"))
                .hasMessage("workload parameter auditBy=tables is not rows, partitions or mixed");
    }
}
