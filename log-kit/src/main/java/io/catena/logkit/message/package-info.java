/**
 * The log protocols' records (a transaction pending, a transaction finished) and the shipment that
 * carries them between regions: one vocabulary for Helios and Message Futures, which differ in when
 * a pending transaction may commit, not in what they tell each other.
 */
package io.catena.logkit.message;
