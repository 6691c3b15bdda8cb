package io.catena.tpcc.load;

import io.catena.core.data.Datum;
import io.catena.tpcc.TpccScale;

/**
 * What every part of one load shares.
 *
 * @param scale          the sizes loaded
 * @param loadDate       the load's date in ms (O_ENTRY_D, C_SINCE, H_DATE, OL_DELIVERY_D), one
 *                       datum held by every row that stores it
 * @param lastNameConstant NURand's C for the last names of the load (the specification's C_LOAD),
 *                       0-255, the same in every district
 */
record LoadParameters(TpccScale scale, Datum.Int64 loadDate, int lastNameConstant) {
}
