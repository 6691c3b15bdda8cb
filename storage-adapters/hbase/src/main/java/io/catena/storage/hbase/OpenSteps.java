package io.catena.storage.hbase;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.User;

/**
 * Waits for the steps of opening a store (connecting, installing or checking the schema, reading
 * the log's marks) and for the region map of a layout, each within the operation timeout, and
 * turns a failure into one {@link HBaseSchemaException} sentence saying what to do. Opening and
 * reading a layout block; nothing else does.
 */
final class OpenSteps {

    /** The step whose denial needs an administrator, not a grant. */
    static final String CREATE_NAMESPACE = "create the namespace";

    /** How HBase's denial names the permission that was missing. */
    private static final Pattern ACTION = Pattern.compile("action=([A-Z]+)");

    private OpenSteps() {
    }

    static <T> T await(CompletableFuture<T> step, HBaseSettings settings, String what) {
        long timeoutMillis = settings.operationTimeout().toMillis();
        try {
            return step.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof AccessDeniedException) {
                throw new HBaseSchemaException(denied(settings, what, cause), cause);
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

    /**
     * What Catena's user needs: READ, WRITE and CREATE on its namespace (CREATE to install and check
     * the tables), and someone with global ADMIN to create the namespace, which the shell lines give.
     */
    private static String denied(HBaseSettings settings, String what, Throwable cause) {
        String user = currentUser();
        String ns = settings.namespace();
        Matcher action = ACTION.matcher(String.valueOf(cause.getMessage()));
        String needed = action.find() ? " (it needs " + action.group(1) + ")" : "";
        String grant = "grant '" + user + "', 'RWC', '@" + ns + "'";
        return "HBase denied user '" + user + "' the right to " + what + " in namespace '" + ns + "'" + needed
                + (what.equals(CREATE_NAMESPACE)
                        ? "; creating a namespace takes the global ADMIN permission, so have an administrator create it"
                                + " (create_namespace '" + ns + "' in the HBase shell) and give this user READ, WRITE and"
                                + " CREATE on it (" + grant + "), then start again"
                        : "; give this user READ, WRITE and CREATE on the namespace (" + grant
                                + " in the HBase shell), then start again");
    }

    private static String currentUser() {
        try {
            return User.getCurrent().getShortName();
        } catch (IOException e) {
            return "(unknown: " + e.getMessage() + ")";
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
