package io.catena.tpcc.load;

import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccSchema.Customer;
import io.catena.tpcc.TpccSchema.District;
import io.catena.tpcc.TpccSchema.Warehouse;

/**
 * The address columns of the warehouse, district and customer tables, which the specification
 * fills alike: two streets and a city of 10-20 characters, a state of 2 and a zip code.
 */
record AddressColumns(String street1, String street2, String city, String state, String zip) {

    static final AddressColumns WAREHOUSE = new AddressColumns(
            Warehouse.STREET_1, Warehouse.STREET_2, Warehouse.CITY, Warehouse.STATE, Warehouse.ZIP);
    static final AddressColumns DISTRICT = new AddressColumns(
            District.STREET_1, District.STREET_2, District.CITY, District.STATE, District.ZIP);
    static final AddressColumns CUSTOMER = new AddressColumns(
            Customer.STREET_1, Customer.STREET_2, Customer.CITY, Customer.STATE, Customer.ZIP);

    /** Draws an address into {@code row}. */
    void draw(RowBuilder row, TpccRandom random) {
        row.put(street1, random.aString(10, 20))
                .put(street2, random.aString(10, 20))
                .put(city, random.aString(10, 20))
                .put(state, random.aString(2, 2))
                .put(zip, random.zip());
    }
}
