/**
 * The seam between a {@link io.catena.client.Connection} and the network: a
 * {@link io.catena.client.spi.ClientTransport} opens {@link io.catena.client.spi.CoordinatorLink}s
 * that carry {@link io.catena.wire.Frame}s to one coordinator and report what comes back to a
 * {@link io.catena.client.spi.LinkListener}; a {@link io.catena.client.spi.Scheduler} supplies
 * time and timers. Everything protocol-shaped — handshake, request ids, resends, failover,
 * deadlines — stays in the connection, so a transport is a framing codec on a socket.
 */
package io.catena.client.spi;
