package io.catena.lab.cli;

import io.catena.server.config.TimeSpan;
import picocli.CommandLine.ITypeConverter;

/** Lets options take durations the way config files do: {@code 30s}, {@code 10ms}, {@code 2m}. */
final class TimeSpanConverter implements ITypeConverter<TimeSpan> {

    @Override
    public TimeSpan convert(String value) {
        return TimeSpan.parse(value);
    }
}
