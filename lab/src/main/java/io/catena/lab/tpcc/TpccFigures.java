package io.catena.lab.tpcc;

/**
 * One TPC-C transaction's results over all regions of a measured run, as figures: what finished
 * as the specification asks (committed or rolled back) per second, the commit latency, and the
 * share a baseline aborted for a conflict.
 */
public record TpccFigures(long committed, double perSecond, double p50Millis, double p99Millis, double abortRate) {
}
