package io.catena.tpcc.check;

import io.catena.tpcc.TpccScale;

/** Conditions 1, 8 and 9: the year-to-date columns against each other and against HISTORY. */
final class YtdConditions {

    private YtdConditions() {
    }

    static void check(PaymentLedger ledger, TpccScale scale, Findings findings) {
        for (int w = 1; w <= scale.warehouses(); w++) {
            long sumOfDistricts = 0;
            long paidInWarehouse = 0;
            Integer districtWithoutYtd = null;
            for (int d = 1; d <= scale.districtsPerWarehouse(); d++) {
                DistrictId id = new DistrictId(w, d);
                Long ytd = ledger.districtYtd(id);
                paidInWarehouse += ledger.paidIn(id);
                checkDistrict(id, ytd, ledger.paidIn(id), findings);
                if (ytd == null) {
                    districtWithoutYtd = d;
                } else {
                    sumOfDistricts += ytd;
                }
            }
            checkWarehouse(w, ledger.warehouseYtd(w), sumOfDistricts, districtWithoutYtd, paidInWarehouse, findings);
        }
    }

    private static void checkDistrict(DistrictId id, Long ytd, long paid, Findings findings) {
        findings.checked(TpccCondition.DISTRICT_YTD_IS_SUM_OF_HISTORY, 1);
        if (ytd == null) {
            findings.violated(TpccCondition.DISTRICT_YTD_IS_SUM_OF_HISTORY, id + ": the district has no D_YTD");
        } else if (ytd != paid) {
            findings.violated(TpccCondition.DISTRICT_YTD_IS_SUM_OF_HISTORY,
                    id + ": D_YTD = " + ytd + " but sum(H_AMOUNT) of its HISTORY rows = " + paid);
        }
    }

    private static void checkWarehouse(int w, Long ytd, long sumOfDistricts, Integer districtWithoutYtd, long paid,
                                       Findings findings) {
        findings.checked(TpccCondition.WAREHOUSE_YTD_IS_SUM_OF_DISTRICTS, 1);
        findings.checked(TpccCondition.WAREHOUSE_YTD_IS_SUM_OF_HISTORY, 1);
        if (ytd == null) {
            findings.violated(TpccCondition.WAREHOUSE_YTD_IS_SUM_OF_DISTRICTS, "warehouse " + w + " has no W_YTD");
            findings.violated(TpccCondition.WAREHOUSE_YTD_IS_SUM_OF_HISTORY, "warehouse " + w + " has no W_YTD");
            return;
        }
        if (districtWithoutYtd != null) {
            findings.violated(TpccCondition.WAREHOUSE_YTD_IS_SUM_OF_DISTRICTS, "warehouse " + w
                    + ": sum(D_YTD) cannot be taken, since district " + districtWithoutYtd + " has no D_YTD");
        } else if (ytd != sumOfDistricts) {
            findings.violated(TpccCondition.WAREHOUSE_YTD_IS_SUM_OF_DISTRICTS,
                    "warehouse " + w + ": W_YTD = " + ytd + " but sum(D_YTD) = " + sumOfDistricts);
        }
        if (ytd != paid) {
            findings.violated(TpccCondition.WAREHOUSE_YTD_IS_SUM_OF_HISTORY, "warehouse " + w + ": W_YTD = " + ytd
                    + " but sum(H_AMOUNT) of the HISTORY rows of its districts = " + paid);
        }
    }
}
