/**
 * The frame body codec: {@link io.catena.wire.codec.JacksonWireCodec} and the hand-written schema
 * it reads and writes with Jackson's streaming API, in Smile or JSON.
 *
 * <h2>Wire format</h2>
 * A body is one value, and nothing after it:
 * <ul>
 *   <li>Records are <b>objects</b> whose fields are the record's components, by their core names,
 *       in declaration order. A reader accepts exactly these fields in exactly this order: a
 *       missing, extra, repeated or misplaced field is malformed. Order is fixed so a reader
 *       never buffers or looks fields up, and so each field name can be checked by a byte
 *       comparison.</li>
 *   <li>Identifiers and versions ({@code TxnId}, {@code Version}, {@code ChainKey}, ...) are
 *       <b>tuples</b>, arrays of fixed length, because they are small and occur by the hundred in
 *       an epoch message ({@link io.catena.wire.codec.IdSchema}, {@link io.catena.wire.codec.DataSchema}).</li>
 *   <li>A sealed type is an object whose first field {@code kind} is a fixed small integer tag; a
 *       protocol message is {@code "type": wire id} (core's {@code MessageType}, or a plug-in's
 *       kind through its {@link io.catena.wire.codec.PluginSchema}) followed by {@code "message"}.
 *       No Java class name is ever written.</li>
 *   <li>Enums are small integers from explicit tables ({@link io.catena.wire.codec.EnumCodes}),
 *       never ordinals or names, so core can reorder or rename constants freely.</li>
 *   <li>Null is written only where the protocol allows absence (e.g. {@code TxnReply.version});
 *       everywhere else the writer refuses null and the reader rejects it.</li>
 *   <li>Values keep their shape in both codecs: a {@code Datum} is a JSON integer, string or
 *       array; a {@code Row} is an object keyed by column name.</li>
 * </ul>
 * Each schema class documents the shape of its types. Changing a name, order, tag or code is an
 * incompatible change: it raises {@code WireProtocol.VERSION} and the golden encodings in this
 * module's tests.
 *
 * <p>Smile is written with its 4-byte header and with shared names and shared string values, so
 * repeated field names, table names and keys cost one byte after their first use in a body.
 */
package io.catena.wire.codec;
