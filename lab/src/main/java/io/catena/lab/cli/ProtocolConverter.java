package io.catena.lab.cli;

import io.catena.core.protocol.Protocol;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --protocol NAME}: the name of a protocol plug-in on the class path. */
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
