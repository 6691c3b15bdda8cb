package io.catena.core.message;

/**
 * A message of one protocol's own, defined in that protocol's module with its own
 * {@link MessageKind}s (Catena's in {@code catenae.message}, the baselines' in
 * {@code baselines.message}); core's messages are the ones every protocol shares (clients'
 * submissions and answers). The wire codec learns a plug-in's messages from a schema registered
 * for its kinds.
 */
public non-sealed interface PluginMessage extends Message {
}
