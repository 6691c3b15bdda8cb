package io.catena.storage.cassandra;

import io.catena.core.id.RegionId;

/** A coordinator leader's term of one region: what a claim raises and a fenced write is conditional on. */
record LeaderTerm(RegionId region, long term) {
}
