package io.catena.storage.hbase;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.security.AccessDeniedException;

/**
 * Waits for the steps of opening a store (connecting, installing or checking the schema, reading
 * the log's marks and the region map), each within the operation timeout, and turns a failure into
 * one {@link HBaseSchemaException} sentence saying what to do. Opening blocks; nothing else does.
 */
final class OpenSteps {

    private OpenSteps() {
    }

    static <T> T await(CompletableFuture<T> step, HBaseSettings settings, String what) {
        long timeoutMillis = settings.operationTimeout().toMillis();
        try {
            return step.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof AccessDeniedException) {
                throw new HBaseSchemaException("HBase denied this user the right to " + what + " in namespace '"
                        + settings.namespace() + "'; grant it (or have an administrator install the schema) and start again", cause);
            }
            throw new HBaseSchemaException("could not " + what + " in HBase at ZooKeeper " + settings.zookeeperQuorum()
                    + " (" + firstLine(cause) + "); check that HBase runs and the quorum is right, then start again", cause);
        } catch (TimeoutException e) {
            // A connection that arrives after we gave up would otherwise hold its threads forever.
            step.thenAccept(OpenSteps::closeIfConnection);
            throw new HBaseSchemaException("HBase at ZooKeeper " + settings.zookeeperQuorum() + " did not answer within "
                    + timeoutMillis + " ms when asked to " + what + "; check that HBase runs and the quorum is right,"
                    + " then start again", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HBaseSchemaException("interrupted while waiting for HBase to " + what, e);
        }
    }

    static void closeQuietly(AsyncConnection connection) {
        try {
            connection.close();
        } catch (IOException e) {
            // Closing releases client resources only; the server keeps nothing for this client.
        }
    }

    private static void closeIfConnection(Object o) {
        if (o instanceof AsyncConnection c) {
            closeQuietly(c);
        }
    }

    private static String firstLine(Throwable t) {
        String m = String.valueOf(t.getMessage());
        int nl = m.indexOf('\n');
        return t.getClass().getSimpleName() + ": " + (nl < 0 ? m : m.substring(0, nl));
    }
}
