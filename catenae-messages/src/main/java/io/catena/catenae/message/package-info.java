/**
 * Catena's own messages ({@link io.catena.catenae.message.CatenaMessage}, kinds in
 * {@link io.catena.catenae.message.CatenaMessageType}), in a module of their own so that the
 * coordinator, the chain server and Catena's wire schema ({@code catenae.wire.CatenaSchema}) share
 * them without depending on one another.
 */
package io.catena.catenae.message;
