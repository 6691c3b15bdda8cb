package io.catena.lab.cli;

import io.catena.server.config.ByteSize;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Lets options take sizes the way config files do: {@code 512MiB}, {@code 64KiB}, {@code 1000}; never none. */
final class ByteSizeConverter implements ITypeConverter<ByteSize> {

    @Override
    public ByteSize convert(String value) {
        ByteSize size;
        try {
            size = ByteSize.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
        if (size.bytes() == 0) {
            throw new TypeConversionException("a size of 0 bytes leaves nothing; give at least one byte");
        }
        return size;
    }
}
