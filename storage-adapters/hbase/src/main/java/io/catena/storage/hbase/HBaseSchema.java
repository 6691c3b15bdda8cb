package io.catena.storage.hbase;

import static io.catena.storage.hbase.HBaseLayout.bytes;
import static io.catena.storage.hbase.HBaseLayout.text;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncAdmin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Installs a region's {@link HBaseLayout} in a fresh namespace, or checks that an existing one is
 * this layout version of this cluster's region, before the engine touches any data. Blocking
 * (it runs once, when a store opens); every mismatch is an {@link HBaseSchemaException} whose
 * message says what was found, what was expected and what to do, and nothing is changed then.
 */
final class HBaseSchema {

    private final AsyncConnection connection;
    private final HBaseSettings settings;
    private final AsyncAdmin admin;

    HBaseSchema(AsyncConnection connection, HBaseSettings settings) {
        this.connection = connection;
        this.settings = settings;
        this.admin = connection.getAdmin();
    }

    void installOrCheck() {
        String ns = settings.namespace();
        List<String> namespaces = await(admin.listNamespaces(), "list the namespaces");
        boolean exists = namespaces.contains(ns);
        if (!exists || await(admin.listTableNamesByNamespace(ns), "list the tables").isEmpty()) {
            install(exists);
        }
        checkTables();
        checkLayoutRecord();
    }

    /**
     * Creates the namespace if it is missing and the layout's tables in it. Creating a namespace
     * takes HBase's global ADMIN permission, which Catena's user need not have when an
     * administrator created the namespace for it.
     */
    private void install(boolean namespaceExists) {
        String ns = settings.namespace();
        if (!namespaceExists) {
            try {
                await(admin.createNamespace(NamespaceDescriptor.create(ns).build()), OpenSteps.CREATE_NAMESPACE);
            } catch (HBaseSchemaException e) {
                if (!(e.getCause() instanceof NamespaceExistException)) {
                    throw e;
                }
            }
        }
        // Concurrently: each creation is a master procedure of its own, and they do not depend on each other.
        List<CompletableFuture<Void>> creations = List.of(
                createTable(HBaseLayout.data(ns), family(HBaseLayout.DATA_ROWS, Integer.MAX_VALUE),
                        family(HBaseLayout.DATA_META, 1)),
                createTable(HBaseLayout.log(ns), family(HBaseLayout.LOG_FAMILY, 1), family(HBaseLayout.FENCE_FAMILY, 1)),
                createTable(HBaseLayout.meta(ns), family(HBaseLayout.META_FAMILY, 1)));
        for (CompletableFuture<Void> creation : creations) {
            try {
                await(creation, "create the layout's tables");
            } catch (HBaseSchemaException e) {
                if (!(e.getCause() instanceof TableExistsException)) {
                    throw e;
                }
            }
        }
        Put layout = new Put(HBaseLayout.LAYOUT_ROW)
                .addColumn(HBaseLayout.META_FAMILY, HBaseLayout.LAYOUT_VERSION, bytes(Integer.toString(HBaseLayout.VERSION)))
                .addColumn(HBaseLayout.META_FAMILY, HBaseLayout.CLUSTER, bytes(settings.clusterName()))
                .addColumn(HBaseLayout.META_FAMILY, HBaseLayout.REGION, bytes(settings.regionName()));
        // First writer wins, so two nodes of a region opening at once both end up checking one record.
        await(connection.getTable(HBaseLayout.meta(ns)).checkAndMutate(CheckAndMutate.newBuilder(HBaseLayout.LAYOUT_ROW)
                .ifNotExists(HBaseLayout.META_FAMILY, HBaseLayout.LAYOUT_VERSION).build(layout)), "write the layout record");
    }

    /**
     * A family keeping {@code versions} versions, with HBase's newer delete semantics: a delete
     * marker hides only cells written before it, so a partition dropped and applied again at an
     * older version is not masked by the drop's markers.
     */
    private static ColumnFamilyDescriptor family(byte[] name, int versions) {
        return ColumnFamilyDescriptorBuilder.newBuilder(name).setMaxVersions(versions).setNewVersionBehavior(true).build();
    }

    private CompletableFuture<Void> createTable(TableName name, ColumnFamilyDescriptor... families) {
        return admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamilies(List.of(families)).build());
    }

    private void checkTables() {
        String ns = settings.namespace();
        for (TableName t : List.of(HBaseLayout.data(ns), HBaseLayout.log(ns), HBaseLayout.meta(ns))) {
            if (!await(admin.tableExists(t), "look for table " + t)) {
                throw new HBaseSchemaException("HBase namespace '" + ns + "' has tables but not " + t
                        + ", which Catena's layout " + HBaseLayout.VERSION + " needs; it was not made by Catena or its install"
                        + " was interrupted, so drop the namespace if it holds nothing you need or configure another one");
            }
        }
        TableDescriptor data = await(admin.getDescriptor(HBaseLayout.data(ns)), "read the data table's schema");
        ColumnFamilyDescriptor rows = data.getColumnFamily(HBaseLayout.DATA_ROWS);
        if (rows == null || data.getColumnFamily(HBaseLayout.DATA_META) == null || rows.getMaxVersions() != Integer.MAX_VALUE
                || !rows.isNewVersionBehavior()) {
            throw new HBaseSchemaException("table " + HBaseLayout.data(ns) + " does not have Catena's column families"
                    + " (d with every version kept and new version behaviour, and m), found " + data
                    + "; it was not made by Catena, so configure another namespace");
        }
    }

    private void checkLayoutRecord() {
        String ns = settings.namespace();
        Result layout = await(connection.getTable(HBaseLayout.meta(ns)).get(new Get(HBaseLayout.LAYOUT_ROW)),
                "read the layout record");
        String version = text(layout.getValue(HBaseLayout.META_FAMILY, HBaseLayout.LAYOUT_VERSION));
        String cluster = text(layout.getValue(HBaseLayout.META_FAMILY, HBaseLayout.CLUSTER));
        String region = text(layout.getValue(HBaseLayout.META_FAMILY, HBaseLayout.REGION));
        if (version == null) {
            throw new HBaseSchemaException("HBase namespace '" + ns + "' has Catena's tables but no layout record in "
                    + HBaseLayout.meta(ns) + "; it was not made by Catena or its install was interrupted, so drop the"
                    + " namespace if it holds nothing you need or configure another one");
        }
        String expected = Integer.toString(HBaseLayout.VERSION);
        if (!version.equals(expected)) {
            boolean newer = version.matches("[0-9]{1,9}") && Integer.parseInt(version) > HBaseLayout.VERSION;
            throw new HBaseSchemaException("HBase namespace '" + ns + "' holds Catena layout version " + version
                    + " but this build reads version " + expected + (newer
                    ? "; it was written by a newer Catena, so run that version or a later one"
                    : "; it was written by an older Catena and this build does not migrate it, so configure a new namespace"
                    + " (or drop this one) and load the region's data again"));
        }
        if (!settings.clusterName().equals(cluster)) {
            throw new HBaseSchemaException("HBase namespace '" + ns + "' holds data of Catena cluster '" + cluster
                    + "', not of cluster '" + settings.clusterName() + "'; configure this cluster's own namespace");
        }
        if (!settings.regionName().equals(region)) {
            throw new HBaseSchemaException("HBase namespace '" + ns + "' holds data of region '" + region
                    + "', not of region '" + settings.regionName() + "'; configure this region's own namespace");
        }
    }

    /** Waits for a schema step; turns its failure into one sentence about what to do. */
    private <T> T await(CompletableFuture<T> step, String what) {
        return OpenSteps.await(step, settings, what);
    }
}
