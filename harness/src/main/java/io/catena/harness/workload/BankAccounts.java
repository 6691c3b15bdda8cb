package io.catena.harness.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the bank's accounts live in table {@value BankWorkload#TABLE}: with no branches, each in a
 * partition of its own ({@code a7}, the layout the bank always had); with branches, as rows of
 * {@code branches} partitions ({@code b2#a7}: account 7 in branch 7 mod branches), so that transfers
 * inside a branch touch one chain key and an audit can read branches whole.
 *
 * @param count    the number of accounts
 * @param branches the number of branch partitions, or 0 for a partition per account
 */
public record BankAccounts(int count, int branches) {

    public BankAccounts {
        if (count < 1 || branches < 0) {
            throw new IllegalArgumentException("a bank needs at least one account and no negative number of branches");
        }
    }

    /** The row of account {@code i}. */
    public RowKey account(int i) {
        return branches == 0 ? RowKey.of(BankWorkload.TABLE, "a" + i)
                : RowKey.of(BankWorkload.TABLE, "b" + (i % branches), "a" + i);
    }

    /** Every partition that holds accounts, in order: the branches, or each account's own. */
    public List<ChainKey> partitions() {
        List<ChainKey> out = new ArrayList<>();
        int n = branches == 0 ? count : branches;
        for (int i = 0; i < n; i++) {
            out.add(branches == 0 ? account(i).chainKey() : ChainKey.of(BankWorkload.TABLE, "b" + i));
        }
        return out;
    }

    /** The accounts of {@code partition}, one of {@link #partitions()}, in account order. */
    public List<RowKey> accountsOf(ChainKey partition) {
        List<RowKey> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (account(i).chainKey().equals(partition)) {
                out.add(account(i));
            }
        }
        return out;
    }
}
