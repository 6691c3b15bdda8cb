package io.catena.storage.hbase;

/**
 * Opening a region's HBase store found something it must not use: another layout version,
 * another cluster's or region's data, tables missing, no permission, or no server at all. The
 * message says what was found, what was expected and what to do; nothing was changed. Retrying
 * helps only once the cause is fixed (the server started, the settings corrected).
 */
public final class HBaseSchemaException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public HBaseSchemaException(String message) {
        super(message);
    }

    public HBaseSchemaException(String message, Throwable cause) {
        super(message, cause);
    }
}
