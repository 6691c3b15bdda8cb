package io.catena.tpcc.check;

/** A district, named in violations as the specification would: {@code warehouse 1 district 3}. */
record DistrictId(int w, int d) {

    @Override
    public String toString() {
        return "warehouse " + w + " district " + d;
    }
}
