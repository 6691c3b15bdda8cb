/**
 * Metrics and health of a region process, served by {@link io.catena.server.metrics.MetricsEndpoint}:
 * {@code GET /metrics} (Prometheus text) and {@code GET /health} (JSON; 200 UP or DEGRADED, 503 DOWN;
 * DEGRADED also once a protocol step has failed).
 * Every series carries {@code region}. The series, with their other labels:
 *
 * <table>
 * <caption>Prometheus series</caption>
 * <tr><th>series</th><th>labels</th><th>what</th></tr>
 * <tr><td>{@code catena_request_latency_seconds} (histogram, 1 ms–10 s, SLO buckets 1, 2, 5 ms … 10 s)</td>
 *     <td>{@code class} = read_only, non_conflicting, conflicting, not_executed;
 *     {@code outcome} = committed, aborted, rejected, dropped</td>
 *     <td>a client request's arrival in this region to its answer leaving; only this region's clients</td></tr>
 * <tr><td>{@code catena_requests_refused_total}</td><td>{@code kind}, {@code reason} = overloaded</td>
 *     <td>requests refused at once, without running</td></tr>
 * <tr><td>{@code catena_requests_awaiting_answer}</td><td></td><td>requests timed and not answered yet</td></tr>
 * <tr><td>{@code catena_requests_untimed_total}</td><td>{@code reason} = table_full, expired</td>
 *     <td>requests whose latency could not be measured</td></tr>
 * <tr><td>{@code catena_transactions_total}</td><td>{@code outcome} = committed, aborted, rejected, dropped</td>
 *     <td>read-write transactions of every region decided here</td></tr>
 * <tr><td>{@code catena_transactions_received_total}</td><td></td><td>read-write transactions submitted here</td></tr>
 * <tr><td>{@code catena_transactions_scheduled_total}</td><td>{@code class} = non_conflicting, conflicting</td>
 *     <td>transactions of every region scheduled here</td></tr>
 * <tr><td>{@code catena_transactions_in_flight}</td><td></td><td>scheduled, not yet answered</td></tr>
 * <tr><td>{@code catena_duplicate_requests_total}</td><td></td><td>resent requests recognised</td></tr>
 * <tr><td>{@code catena_read_only_queries_total}</td><td></td><td>snapshot reads served</td></tr>
 * <tr><td>{@code catena_read_only_too_large_total}</td><td></td>
 *     <td>snapshot reads refused because their answer would not fit in a frame</td></tr>
 * <tr><td>{@code catena_epoch_lag}</td><td>{@code from_region} (each peer)</td>
 *     <td>epochs between this region's clock and the newest epoch held from the peer</td></tr>
 * <tr><td>{@code catena_rlog_backlog_records}</td><td></td><td>replicated log records held, not truncated</td></tr>
 * <tr><td>{@code catena_rlog_records_retransmitted_total}</td><td></td><td>log records sent again</td></tr>
 * <tr><td>{@code catena_transactions_too_large_total}</td><td></td>
 *     <td>transactions refused on arrival for exceeding {@code maxTransactionBytes}</td></tr>
 * <tr><td>{@code catena_transactions_deferred_total}</td><td></td>
 *     <td>transactions that waited for room in a later record</td></tr>
 * <tr><td>{@code catena_records_held_back_total}</td><td></td>
 *     <td>records closed without the transactions waiting for them: some region was too far behind
 *     in executing (backpressure)</td></tr>
 * <tr><td>{@code catena_transactions_awaiting_record}</td><td></td>
 *     <td>transactions that arrived and wait for room in a record</td></tr>
 * <tr><td>{@code catena_epoch_messages_full_total}</td><td></td>
 *     <td>epoch messages that left a due record for a later epoch</td></tr>
 * <tr><td>{@code catena_epoch_message_bytes_total}</td><td></td><td>epoch message bytes sent</td></tr>
 * <tr><td>{@code catena_speculation_success_ratio}</td><td></td>
 *     <td>decided hops whose speculative inputs were right</td></tr>
 * <tr><td>{@code catena_hops_total}</td><td></td><td>hops of decided executions</td></tr>
 * <tr><td>{@code catena_chain_keys_evicted_total}</td><td></td>
 *     <td>idle partitions chain servers evicted to keep within their memory budget</td></tr>
 * <tr><td>{@code catena_chain_partition_loads_total}</td><td></td>
 *     <td>partitions chain servers loaded from the store, first loads and loads again</td></tr>
 * <tr><td>{@code catena_chain_cached_bytes}</td><td></td>
 *     <td>estimated bytes of the partitions chain servers hold, which their budget bounds</td></tr>
 * <tr><td>{@code catena_membership_changes_total}</td><td></td>
 *     <td>ownership maps the coordinator announced, each from a membership epoch on</td></tr>
 * <tr><td>{@code catena_membership_handoffs_total}</td><td></td>
 *     <td>of those, the ones handed off: their keys' old owners are done with them</td></tr>
 * <tr><td>{@code catena_storage_calls_total}</td><td>{@code node} = own, other</td>
 *     <td>on a store of several nodes: this process's store calls that stayed on the node it runs
 *     beside, and those that involved another</td></tr>
 * <tr><td>{@code catena_link_connected}</td><td>{@code peer}</td><td>1 when the link to the peer is up</td></tr>
 * <tr><td>{@code catena_link_messages_total}</td>
 *     <td>{@code peer}, {@code fate} = sent, lost_by_emulation, dropped_disconnected, shed</td>
 *     <td>messages to a peer region by what became of them</td></tr>
 * <tr><td>{@code catena_client_connections}</td><td></td><td>open client connections</td></tr>
 * <tr><td>{@code catena_connections_refused_total}</td><td>{@code reason} = tls, hello, timeout, failed</td>
 *     <td>accepted connections closed during their handshake</td></tr>
 * <tr><td>{@code catena_node_inbox}</td><td>{@code node}</td><td>steps waiting for the node's thread</td></tr>
 * <tr><td>{@code catena_node_failed_steps_total}</td><td>{@code node}</td><td>protocol steps that threw</td></tr>
 * <tr><td>{@code catena_metrics_stale_readings_total}</td><td></td>
 *     <td>node readings that missed a scrape (node stopped or far behind)</td></tr>
 * </table>
 */
package io.catena.server.metrics;
