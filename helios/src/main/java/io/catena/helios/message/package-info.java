/** Helios' log records and the shipment that carries them between regions. */
package io.catena.helios.message;
