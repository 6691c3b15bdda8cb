/**
 * Which chain server of a region owns which chain key, as data every node of the region can agree
 * on: a key's position in the store's own order ({@link io.catena.core.membership.KeyPositions}),
 * ranges of positions and their owners ({@link io.catena.core.membership.OwnershipMap}), and the
 * store's own layout of its keys over its storage nodes ({@link io.catena.core.membership.StoreLayout}),
 * from which a host derives the map that places each chain server beside its storage node.
 */
package io.catena.core.membership;
