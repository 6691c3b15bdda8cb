package site.ycsb.db.catena;

import io.catena.core.txn.TxnPlanner;
import java.util.Properties;
import site.ycsb.DBException;
import site.ycsb.workloads.CoreWorkload;

/**
 * The table a workload names ({@code -p table=NAME}, YCSB's {@code usertable} by default) becomes a
 * Catena table of the same name. Catena tables need no creation, so the only tables it refuses
 * are its own: those whose names start with {@code __}.
 */
final class CatenaTables {

    private CatenaTables() {
    }

    static void check(Properties p) throws DBException {
        String table = p.getProperty(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT);
        if (table.isBlank() || table.startsWith(TxnPlanner.RESERVED_TABLE_PREFIX)) {
            throw new DBException("The table '" + table + "' cannot hold YCSB records: Catena keeps the tables whose names"
                    + " start with " + TxnPlanner.RESERVED_TABLE_PREFIX + " for itself and needs a name; choose another"
                    + " with -p " + CoreWorkload.TABLENAME_PROPERTY + "=NAME.");
        }
    }
}
