package io.catena.tpcc.check;

import io.catena.core.data.Row;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.District;
import io.catena.tpcc.TpccSchema.History;
import io.catena.tpcc.TpccSchema.Warehouse;
import java.util.Map;
import java.util.SortedMap;

/**
 * The year-to-date columns and the HISTORY rows of the whole store, summed: per warehouse and
 * district what was paid there (conditions 1, 8, 9), and per customer what it paid wherever it
 * paid (condition 10). HISTORY rows live in the paying district's YTD partition, and a customer
 * may pay in another warehouse, so every such partition is read before any customer is checked;
 * only these sums are kept, not the rows.
 */
final class PaymentLedger {

    private final TpccScale scale;
    private final Findings findings;
    /** Null where the store holds no such value. */
    private final Long[] warehouseYtd;
    private final Long[] districtYtd;
    private final long[] paidInDistrict;
    private final long[] paidByCustomer;

    PaymentLedger(TpccScale scale, Findings findings) {
        this.scale = scale;
        this.findings = findings;
        int districts = scale.warehouses() * scale.districtsPerWarehouse();
        this.warehouseYtd = new Long[scale.warehouses()];
        this.districtYtd = new Long[districts];
        this.paidInDistrict = new long[districts];
        this.paidByCustomer = new long[districts * scale.customersPerDistrict()];
    }

    void addWarehouseYtd(int w, SortedMap<String, Row> rows) {
        warehouseYtd[w - 1] = RowNumbers.of(rows.get(TpccSchema.ROW), Warehouse.YTD);
    }

    void addDistrictYtd(DistrictId id, SortedMap<String, Row> rows) {
        districtYtd[index(id)] = RowNumbers.of(rows.get(TpccSchema.DISTRICT_YTD_ROW), District.YTD);
        String prefix = TpccSchema.HISTORY_PREFIX;
        for (Map.Entry<String, Row> e : rows.subMap(prefix, TpccSchema.prefixEnd(prefix)).entrySet()) {
            addPayment(id, e.getKey(), e.getValue());
        }
    }

    private void addPayment(DistrictId paidIn, String key, Row row) {
        Long amount = RowNumbers.of(row, History.AMOUNT);
        if (amount == null) {
            findings.violated(TpccCondition.DISTRICT_YTD_IS_SUM_OF_HISTORY,
                    paidIn + ": HISTORY row " + key + " has no H_AMOUNT");
            return;
        }
        paidInDistrict[index(paidIn)] += amount;
        Long w = RowNumbers.of(row, History.C_W_ID);
        Long d = RowNumbers.of(row, History.C_D_ID);
        Long c = RowNumbers.of(row, History.C_ID);
        if (!inRange(w, scale.warehouses()) || !inRange(d, scale.districtsPerWarehouse())
                || !inRange(c, scale.customersPerDistrict())) {
            findings.violated(TpccCondition.BALANCE_IS_DELIVERED_MINUS_PAID, paidIn + ": HISTORY row " + key
                    + " names customer " + RowNumbers.show(c) + " of warehouse " + RowNumbers.show(w) + " district "
                    + RowNumbers.show(d) + ", who does not exist");
            return;
        }
        DistrictId home = new DistrictId(w.intValue(), d.intValue());
        paidByCustomer[index(home) * scale.customersPerDistrict() + c.intValue() - 1] += amount;
    }

    /** W_YTD of warehouse {@code w}, or null if the store holds none. */
    Long warehouseYtd(int w) {
        return warehouseYtd[w - 1];
    }

    /** D_YTD of the district, or null if the store holds none. */
    Long districtYtd(DistrictId id) {
        return districtYtd[index(id)];
    }

    /** The sum of H_AMOUNT of the payments made in the district. */
    long paidIn(DistrictId id) {
        return paidInDistrict[index(id)];
    }

    /** The sum of H_AMOUNT of the payments of customer {@code c} of district {@code home}, wherever made. */
    long paidBy(DistrictId home, int c) {
        return paidByCustomer[index(home) * scale.customersPerDistrict() + c - 1];
    }

    private int index(DistrictId id) {
        return (id.w() - 1) * scale.districtsPerWarehouse() + id.d() - 1;
    }

    private static boolean inRange(Long value, int max) {
        return value != null && value >= 1 && value <= max;
    }
}
