package io.catena.lab.cli;

import io.catena.baselines.Protocol;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --protocol catena|2pl|occ}. */
final class ProtocolConverter implements ITypeConverter<Protocol> {

    @Override
    public Protocol convert(String value) {
        try {
            return Protocol.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
