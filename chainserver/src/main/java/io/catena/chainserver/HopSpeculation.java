package io.catena.chainserver;

import io.catena.core.data.Row;
import io.catena.core.exec.HopOutcome;

/** The speculative run of one hop: what it was given, what it read, what it produced. */
record HopSpeculation(Row carryIn, ReadLog reads, HopOutcome outcome) {
}
