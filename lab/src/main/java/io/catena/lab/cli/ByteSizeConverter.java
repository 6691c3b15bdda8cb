package io.catena.lab.cli;

import io.catena.server.config.ByteSize;
import picocli.CommandLine.ITypeConverter;

/** Lets options take sizes the way config files do: {@code 512MiB}, {@code 64KiB}, {@code 1000}. */
final class ByteSizeConverter implements ITypeConverter<ByteSize> {

    @Override
    public ByteSize convert(String value) {
        return ByteSize.parse(value);
    }
}
