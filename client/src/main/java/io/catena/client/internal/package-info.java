/**
 * How a connection works, not part of the API: the session with a region's coordinators
 * (handshake, request ids, resends, failover, deadlines), which the public classes of
 * {@code io.catena.client} drive. Classes here may change without notice.
 */
package io.catena.client.internal;
