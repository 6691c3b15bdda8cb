package io.catena.lab.tpcc;

import io.catena.server.config.TimeSpan;
import io.catena.tpcc.TpccMix;
import io.catena.tpcc.TpccScale;

/**
 * What {@code catena tpcc} runs, wherever the regions are: the database's size, the mix and how
 * many terminals drive it from each region, for how long.
 *
 * @param terminalsPerRegion closed-loop terminals in each region; terminal i serves warehouse
 *                           (i mod W) + 1, so every warehouse is driven from every region
 * @param seed               seeds the database's rows and the terminals' inputs alike
 */
public record TpccOptions(TpccScale scale, TpccMix mix, int terminalsPerRegion, TimeSpan warmup, TimeSpan duration,
                          long seed) {

    public TpccOptions {
        if (terminalsPerRegion < 1) {
            throw new IllegalArgumentException("--terminals must be at least 1, not " + terminalsPerRegion);
        }
        if (duration.micros() <= 0) {
            throw new IllegalArgumentException("--duration must be longer than 0 s");
        }
    }
}
