package io.catena.chainserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.Access;
import io.catena.core.txn.TxnPlanner;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What an idle cached key costs on the heap, measured: {@value #KEYS} keys loaded, each with one
 * small row of its own, against the heap used before, after collections; once for keys only read,
 * once for keys a transaction ran on and finished. The numbers are printed; what is asserted is
 * that the budget's estimate of a key is honest, within a factor of two of the heap measured.
 */
class IdleKeyHeapTest {

    private static final int KEYS = 100_000;

    @Test
    void theBudgetsEstimateOfAnIdleKeyIsWithinAFactorOfTwoOfItsMeasuredHeap() {
        for (boolean used : new boolean[] {false, true}) {
            ArrayDeque<Runnable> due = new ArrayDeque<>();
            PartitionsInMemory storage = new PartitionsInMemory(due::add, () -> 0);
            ChainServerContext ctx = new ChainServerContext(MembershipHistory.hashed(1), RegionId.of(0), 0, 0,
                    new TxnPlanner(ProcedureRegistry.empty()), new NodePorts((to, m) -> { }, storage, WorkMeter.NONE));
            long before = usedHeap();
            ChainKeys keys = new ChainKeys(ctx, (now, ks) -> { }, Long.MAX_VALUE);
            for (int i = 0; i < KEYS; i++) {
                KeyState ks = keys.getOrAdd(key(i));
                keys.ensureLoaded(ks);
                due.poll().run();
                // The row is the chain server's own, not shared with the store's copy, as in a real region.
                ks.committed.apply(Version.of(0, 1), List.of(RowWrite.put("", Row.of("n", i))));
                keys.committedVersion(ks);
                if (used) {
                    runOneTransaction(ks, i);
                }
            }
            storage.partitions.clear();
            long measured = (usedHeap() - before) / KEYS;
            long estimated = keys.bytesCached() / KEYS;
            System.out.printf("idle cached key, %s: %d bytes measured, %d estimated (%d keys)%n",
                    used ? "after a transaction" : "only read", measured, estimated, KEYS);

            assertThat(keys.size()).isEqualTo(KEYS);
            assertThat(estimated).isBetween(measured / 2, measured * 2);
        }
    }

    /** A transaction's footprint, waiting passes and finish on the key, leaving it idle. */
    private static void runOneTransaction(KeyState ks, int i) {
        TxnId txn = new TxnId(1 + i, RegionId.of(0), 0);
        FootprintEntry fp = new FootprintEntry(new ChainTxn(txn), Access.READ_WRITE, false);
        ks.addFootprint(fp);
        ks.work().backwardWaiting.put(txn, null);
        ks.work().backwardWaiting.remove(txn);
        ks.work().commitWaiting.put(txn, null);
        ks.work().commitWaiting.remove(txn);
        fp.state = FootprintState.FINALIZED;
        ks.dropFinishedEpochs();
    }

    private static ChainKey key(int i) {
        return ChainKey.of("usertable", "user" + (1_000_000_000L + i));
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
