package io.catena.tpcc;

/**
 * How much data a TPC-C database holds. The specification fixes everything but the number of
 * warehouses ({@link #standard}); tests shrink districts' customers and the item catalogue so a
 * cluster loads in a second, keeping every ratio the consistency conditions rely on.
 *
 * @param warehouses           W, at least 1
 * @param districtsPerWarehouse 10 in the specification
 * @param customersPerDistrict  3,000 in the specification; also the orders loaded per district
 * @param items                 100,000 in the specification; also the stock rows per warehouse
 */
public record TpccScale(int warehouses, int districtsPerWarehouse, int customersPerDistrict, int items) {

    public static final int STANDARD_DISTRICTS = 10;
    public static final int STANDARD_CUSTOMERS = 3_000;
    public static final int STANDARD_ITEMS = 100_000;

    public TpccScale {
        if (warehouses < 1) {
            throw new IllegalArgumentException("TPC-C needs at least one warehouse, got " + warehouses);
        }
        if (districtsPerWarehouse < 1 || districtsPerWarehouse > STANDARD_DISTRICTS) {
            throw new IllegalArgumentException("districts per warehouse must be 1-10, got " + districtsPerWarehouse);
        }
        if (customersPerDistrict < 10 || customersPerDistrict > STANDARD_CUSTOMERS) {
            throw new IllegalArgumentException("customers per district must be 10-3000, got " + customersPerDistrict);
        }
        if (items < 100 || items > STANDARD_ITEMS) {
            throw new IllegalArgumentException("items must be 100-100000, got " + items);
        }
    }

    /** The specification's sizes for {@code warehouses} warehouses. */
    public static TpccScale standard(int warehouses) {
        return new TpccScale(warehouses, STANDARD_DISTRICTS, STANDARD_CUSTOMERS, STANDARD_ITEMS);
    }

    /**
     * Orders loaded as delivered in each district: the first 70 % (2,100 of 3,000 in the
     * specification); the rest are loaded undelivered, with a NEW-ORDER row each.
     */
    public int deliveredOrdersPerDistrict() {
        return customersPerDistrict * 7 / 10;
    }

    /** The id the first order placed after the load gets in each district. */
    public int firstNewOrderId() {
        return customersPerDistrict + 1;
    }

    /** Last names are drawn from this many numbers (1,000 in the specification, fewer if there are fewer customers). */
    public int lastNameNumbers() {
        return Math.min(1_000, customersPerDistrict);
    }
}
