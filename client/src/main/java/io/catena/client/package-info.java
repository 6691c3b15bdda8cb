/**
 * The Catena client library: JDBC-like connections to the coordinators of one region, running
 * serializable multi-key transactions across regions and consistent snapshot reads, of rows and
 * of whole partitions, in the region.
 *
 * <pre>{@code
 * RowKey alice = RowKey.of("accounts", "alice");
 * RowKey bob = RowKey.of("accounts", "bob");
 * try (Connection c = Catena.connect("catena://db1.eu:7450,db2.eu:7450/?region=eu&timeout=5s")) {
 *     // An ad-hoc transaction: keys named up front, operations shipped as data.
 *     TxnOutcome transfer = Retry.defaults().call(() -> c.transaction()
 *             .check(alice, "balance", Condition.Comparison.GE, 10L)
 *             .add(alice, "balance", -10)
 *             .add(bob, "balance", 10)
 *             .commit());
 *
 *     // A registered procedure with named arguments.
 *     TxnOutcome call = c.prepare("transfer", 1)
 *             .set("from", "alice").set("to", "bob").set("amount", 10L)
 *             .execute();
 *
 *     // A snapshot read in this region; it sees this connection's own commits.
 *     SnapshotResult s = c.read(alice, bob);
 *     long aliceBalance = s.row(alice).map(r -> r.getLong("balance")).orElse(0L);
 *
 *     // Every row of a partition, next to rows read by key, at the same snapshot.
 *     ChainKey aliceCards = ChainKey.of("cards", "alice");
 *     SnapshotResult cards = c.snapshot().read(alice).readPartition(aliceCards).execute();
 *     int count = cards.partition(aliceCards).size();
 * } catch (TransactionAbortedException e) {
 *     // e.g. alice had less than 10: a definite answer, nothing was written
 * } catch (OutcomeUnknownException e) {
 *     // no answer in time: read the data to learn whether it committed
 * }
 * }</pre>
 *
 * <p>Every failure is a {@link io.catena.client.CatenaException} (unchecked) that says what
 * happened and, through {@link io.catena.client.CatenaException#isRetryable()}, whether running the
 * work again can help; {@link io.catena.client.Retry} acts on exactly that.
 *
 * <p>Connections reach the network through {@link io.catena.client.spi}; the classes of
 * {@code io.catena.client.internal} are not part of the API.
 */
package io.catena.client;
