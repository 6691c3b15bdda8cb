/**
 * Catena's protocol, Catenae, as a plug-in ({@link io.catena.catenae.CatenaProtocol}): the nodes a
 * region runs, what peer regions may send, when a region is quiescent, and the readings and
 * metric series of its coordinator and chain servers.
 */
package io.catena.catenae;
