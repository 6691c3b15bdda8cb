package io.catena.lab.cli;

import io.catena.server.config.StorageBackend;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --storage memory|cassandra|hbase}. */
final class StorageBackendConverter implements ITypeConverter<StorageBackend> {

    @Override
    public StorageBackend convert(String value) {
        try {
            return StorageBackend.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
