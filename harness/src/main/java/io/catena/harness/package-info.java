/**
 * What the simulator and the lab share to drive and judge a run, so that a real run is judged
 * exactly as a simulated one: the workloads clients draw transactions from
 * ({@code harness.workload}), what a client records of each transaction
 * ({@code harness.record}), the history format and the checker ({@code harness.check}), and the
 * audit of a finished run ({@code harness.run}). It depends on {@code core} only.
 */
package io.catena.harness;
