package io.catena.tpcc.check;

import io.catena.core.data.Row;
import io.catena.core.spi.StorageEngine;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.stream.IntStream;

/**
 * Checks the consistency conditions of TPC-C clause 3.3.2 on one region's store, for every
 * warehouse and district of a scale, plus a 13th of ours on the copies the layout keeps
 * ({@link TpccCondition}). A violation is a finding in the report, never an exception.
 *
 * <p>The store is read at its latest version ({@code Version.MAX}), so it should be quiet: check
 * after a run, not during one. Reads go in three sweeps, a few partitions in flight at a time: the
 * warehouses' YTD rows, the districts' YTD partitions with their HISTORY rows (summed into a
 * {@link PaymentLedger}, since a customer may pay in another warehouse), then each district's
 * orders with its customers. Only one district's rows, plus the reads in flight, are held at once.
 * Stock is not read.
 *
 * <p><b>Threading.</b> {@link #check} runs on the calling thread and blocks it until the store
 * has answered; the store's completions may come on any thread. One checker may run several
 * checks, one after another or at once.
 */
public final class ConsistencyChecker {

    /** Reads in flight at once unless told otherwise: enough to hide a remote store's round trips. */
    public static final int DEFAULT_READS_IN_FLIGHT = 8;

    private final PartitionSource source;
    private final TpccScale scale;
    private final int readsInFlight;

    public ConsistencyChecker(StorageEngine storage, TpccScale scale) {
        this(storage, scale, DEFAULT_READS_IN_FLIGHT);
    }

    /** @param readsInFlight how many partitions (districts in the last sweep) to read at once, at least 1 */
    public ConsistencyChecker(StorageEngine storage, TpccScale scale, int readsInFlight) {
        this(storage == null ? null : PartitionSource.of(storage), scale, readsInFlight);
    }

    /** A checker that reads through {@code source}, such as a region reached by the client library. */
    public ConsistencyChecker(PartitionSource source, TpccScale scale, int readsInFlight) {
        if (source == null || scale == null) {
            throw new IllegalArgumentException("the consistency checker needs a store and the scale it was loaded at");
        }
        if (readsInFlight < 1) {
            throw new IllegalArgumentException("at least one read must be in flight, not " + readsInFlight);
        }
        this.source = source;
        this.scale = scale;
        this.readsInFlight = readsInFlight;
    }

    /**
     * Checks every condition.
     *
     * @param deliveriesMayHaveRun true if a Delivery may have run since the load, which ends
     *                             condition 11; it is then reported as not applicable
     * @throws StoreReadException if the store fails a read; nothing was judged and a retry may help
     * @throws IllegalStateException if the store does not hold the partitions of a load at this
     *                               scale; a retry will not help
     */
    /**
     * Checks only that the source holds a load at this scale, as {@link #check} does first: cheap
     * enough to run before a benchmark, so that a cluster loaded otherwise is refused at once.
     *
     * @throws StoreReadException if the store fails a read
     * @throws IllegalStateException if it does not hold the partitions of a load at this scale
     */
    public void verifyLayout() {
        StoreLayout.verify(source, new PartitionReader(source, readsInFlight), scale);
    }

    public ConsistencyReport check(boolean deliveriesMayHaveRun) {
        PartitionReader reader = new PartitionReader(source, readsInFlight);
        StoreLayout.verify(source, reader, scale);
        Findings findings = new Findings();
        PaymentLedger ledger = new PaymentLedger(scale, findings);

        List<Integer> warehouses = IntStream.rangeClosed(1, scale.warehouses()).boxed().toList();
        reader.forEach(warehouses, w -> List.of(TpccSchema.warehouseYtd(w)),
                (w, partitions) -> ledger.addWarehouseYtd(w, partitions.get(0)));
        List<DistrictId> districts = districts();
        reader.forEach(districts, id -> List.of(TpccSchema.districtYtd(id.w(), id.d())),
                (id, partitions) -> ledger.addDistrictYtd(id, partitions.get(0)));
        YtdConditions.check(ledger, scale, findings);

        if (deliveriesMayHaveRun) {
            findings.notApplicable(TpccCondition.UNDELIVERED_AT_LOAD);
        }
        Integer deliveredAtLoad = deliveriesMayHaveRun ? null : scale.deliveredOrdersPerDistrict();
        reader.forEach(districts,
                id -> List.of(TpccSchema.district(id.w(), id.d()), TpccSchema.customers(id.w(), id.d())),
                (id, partitions) -> checkDistrict(id, partitions.get(0), partitions.get(1), ledger, deliveredAtLoad,
                        findings));
        return findings.report();
    }

    private void checkDistrict(DistrictId id, SortedMap<String, Row> district, SortedMap<String, Row> customers,
                               PaymentLedger ledger, Integer deliveredAtLoad, Findings findings) {
        DistrictOrders orders = DistrictOrders.of(id, district, findings);
        new OrderConditions(orders, findings).check(deliveredAtLoad);
        int customerCount = scale.customersPerDistrict();
        CustomerOrders byCustomer = CustomerOrders.of(orders, customerCount, findings);
        CustomerConditions.check(id, customers, byCustomer, ledger, customerCount, findings);
        CopyConditions.check(orders, customers, byCustomer, customerCount, findings);
    }

    private List<DistrictId> districts() {
        List<DistrictId> ids = new ArrayList<>();
        for (int w = 1; w <= scale.warehouses(); w++) {
            for (int d = 1; d <= scale.districtsPerWarehouse(); d++) {
                ids.add(new DistrictId(w, d));
            }
        }
        return ids;
    }
}
