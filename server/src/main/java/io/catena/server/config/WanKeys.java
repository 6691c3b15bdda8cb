package io.catena.server.config;

import io.catena.core.config.keys.ValueKey;
import java.util.List;
import java.util.Optional;

/**
 * WAN emulation ({@code wan:} in a region's file): the catalogue of its scalar keys. The
 * alternative to a preset, {@code matrix}, is a list of rows that {@link ConfigFileReader} reads
 * itself; {@link WanCheck} checks a preset and a matrix against the regions.
 */
final class WanKeys {

    static final ValueKey<String> PRESET = new ValueKey<>("preset", "a preset name such as gcp3", text -> text,
            name -> name, Optional.empty(), ValueKey.anyValue(),
            "emulate WAN round trips on outbound inter-region links: gcp3, ec2-5 or none");

    static final ValueKey<Fraction> JITTER = new ValueKey<>("jitter", "a fraction such as 5%", Fraction::parse,
            Fraction::toString, Optional.of(Fraction.ZERO), ValueKey.anyValue(),
            "standard deviation of the emulated delay, as a fraction of it");

    static final ValueKey<Fraction> LOSS = new ValueKey<>("loss", "a fraction such as 0.1%", Fraction::parse,
            Fraction::toString, Optional.of(Fraction.ZERO), ValueKey.anyValue(),
            "share of outbound inter-region messages dropped");

    static final List<ValueKey<?>> ALL = List.of(PRESET, JITTER, LOSS);

    private WanKeys() {
    }
}
