package io.catena.server.cli;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Lets options take an instant in UTC, as configuration files do: {@code 2026-11-21T09:00:00Z}. */
final class InstantConverter implements ITypeConverter<Instant> {

    @Override
    public Instant convert(String value) {
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new TypeConversionException("'" + value + "' is not an instant in UTC such as 2026-11-21T09:00:00Z");
        }
    }
}
