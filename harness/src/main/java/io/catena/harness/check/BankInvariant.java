package io.catena.harness.check;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the bank workload conserves: the total of the balances of {@code accounts}.
 *
 * @param accounts the account keys; copied, sorted
 * @param initialTotal the total of all balances before the run
 * @param finalBalancesByRegion region name to (account key to final balance) after the run; an
 *     account absent from a region's map has balance 0 there; empty if not known
 */
public record BankInvariant(Set<String> accounts, long initialTotal,
                            Map<String, Map<String, Long>> finalBalancesByRegion) {

    /** Copies the collections; requires at least one account. */
    public BankInvariant {
        if (accounts.isEmpty()) {
            throw new IllegalArgumentException("a bank needs at least one account");
        }
        accounts = Collections.unmodifiableSet(new TreeSet<>(accounts));
        Map<String, Map<String, Long>> copy = new TreeMap<>();
        finalBalancesByRegion.forEach((region, balances) ->
                copy.put(region, Collections.unmodifiableMap(new TreeMap<>(balances))));
        finalBalancesByRegion = Collections.unmodifiableMap(copy);
    }

    /** A bank whose final balances are not known. */
    public static BankInvariant of(Set<String> accounts, long initialTotal) {
        return new BankInvariant(accounts, initialTotal, Map.of());
    }

    /** The same bank with the final balances of each region. */
    public BankInvariant withFinalBalances(Map<String, Map<String, Long>> finalBalancesByRegion) {
        return new BankInvariant(accounts, initialTotal, finalBalancesByRegion);
    }
}
