package io.catena.logkit;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * What a region knows, fixed, for the commit rules' tests: region {@code self} of as many regions
 * as the timetable has, whose entry {@code [b][c]} is how far region {@code b} is known to have
 * region {@code c}'s log.
 */
public record FixedLogState(int self, long[][] table, Map<ChainKey, Version> applied) implements CommitRule.LogState {

    @Override
    public List<Integer> peers() {
        return IntStream.range(0, table.length).filter(r -> r != self).boxed().toList();
    }

    @Override
    public long known(int origin) {
        return table[self][origin];
    }

    @Override
    public long knownBy(int region, int origin) {
        return table[region][origin];
    }

    @Override
    public Version applied(ChainKey key) {
        return applied.get(key);
    }
}
