/**
 * The configuration of a region process ({@code catena region --config FILE}): a YAML file read
 * by {@link io.catena.server.config.ConfigFile}, or the same settings collected in code by
 * {@link io.catena.server.config.ServerConfig#builder()}; both go through one validation that
 * reports every problem with its key path (and line, for a file) in a
 * {@link io.catena.server.config.ConfigException}. The result,
 * {@link io.catena.server.config.ServerConfig}, maps to the protocol's
 * {@link io.catena.core.config.ClusterConfig} and digests its cluster-wide part into a
 * {@link io.catena.server.config.ClusterFingerprint}.
 *
 * <p>Reading goes: YAML text → {@code ConfigTreeParser} (Jackson's streaming parser, keeping
 * lines) → {@code ConfigFileReader} (types, unknown keys) → {@code ConfigValidator} (what the
 * values mean together; the protocol's numbers through the core's own rules). Each setting is
 * one key, defined once with its name, form, default, rule and documentation: the protocol's in
 * {@link io.catena.core.config.keys.ProtocolKeys}, the stores' in their adapters'
 * {@link io.catena.storage.cassandra.CassandraKeys} and {@link io.catena.storage.hbase.HBaseKeys},
 * the rest in this package's catalogues ({@code StorageKeys}, {@code WanKeys}, {@code TlsKeys},
 * {@code NetworkKeys}, {@code ChainServerKeys}).
 */
package io.catena.server.config;
