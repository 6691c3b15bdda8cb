/**
 * The protocol plug-in SPI: what a protocol ({@link io.catena.core.protocol.ProtocolPlugin}) brings
 * to the runtime and the simulator besides its nodes' state machines. Core keeps what every
 * protocol shares; each protocol's module implements this and registers it.
 */
package io.catena.core.protocol;
