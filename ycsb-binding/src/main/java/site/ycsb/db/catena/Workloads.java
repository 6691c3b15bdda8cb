package site.ycsb.db.catena;

import java.util.Properties;
import site.ycsb.WorkloadException;

/** Workload properties the binding's workloads read, each bad value refused in one sentence. */
final class Workloads {

    private Workloads() {
    }

    /** A whole number of at least 1. */
    static int positive(Properties p, String name, String absent) throws WorkloadException {
        String text = p.getProperty(name, absent).trim();
        try {
            int n = Integer.parseInt(text);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below, in the same sentence as a number out of range
        }
        throw new WorkloadException("The property " + name + " is '" + text + "'; it takes a whole number of at least 1.");
    }
}
