package site.ycsb.db.catena;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * A YCSB command line as {@code ycsb-catena} takes it: the phase ({@code load} or {@code run})
 * and then YCSB's own arguments, passed to {@code site.ycsb.Client} unchanged. The properties they
 * set ({@code -P} files in order, then {@code -p} pairs, as YCSB reads them) are read here too,
 * for the binding's own settings.
 *
 * @param load       whether this is the load phase
 * @param ycsb       YCSB's arguments, the phase's flag and the binding as {@code -db} included
 * @param properties what the {@code -P} files and {@code -p} pairs set
 */
record YcsbArguments(boolean load, List<String> ycsb, Properties properties) {

    static final String USAGE = "usage: ycsb-catena load|run -P WORKLOAD [-p key=value ...] [-threads N] [-target OPS] [-s]";

    /** Parses a command line; a bad one is refused in one sentence. */
    static YcsbArguments parse(String[] args) {
        if (args.length == 0 || !(args[0].equals("load") || args[0].equals("run"))) {
            throw new IllegalArgumentException("Say which phase to run, load or run, first; " + USAGE);
        }
        boolean load = args[0].equals("load");
        List<String> ycsb = new ArrayList<>(List.of(load ? "-load" : "-t"));
        Properties files = new Properties();
        Properties pairs = new Properties();
        boolean db = false;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            ycsb.add(a);
            if (a.equals("-P") || a.equals("-p") || a.equals("-db")) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(a + " needs a value; " + USAGE);
                }
                String value = args[++i];
                ycsb.add(value);
                db |= a.equals("-db");
                if (a.equals("-P")) {
                    read(Path.of(value), files);
                } else if (a.equals("-p")) {
                    int eq = value.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("-p takes key=value, not '" + value + "'.");
                    }
                    pairs.setProperty(value.substring(0, eq), value.substring(eq + 1));
                }
            }
        }
        if (!db) {
            ycsb.addAll(List.of("-db", CatenaClient.class.getName()));
        }
        Properties all = new Properties();
        all.putAll(files);
        all.putAll(pairs);
        return new YcsbArguments(load, ycsb, all);
    }

    private static void read(Path file, Properties into) {
        try (Reader r = Files.newBufferedReader(file)) {
            into.load(r);
        } catch (IOException e) {
            throw new IllegalArgumentException("The workload file " + file + " cannot be read (" + e.getMessage() + ").");
        }
    }

    /** The same command line for another phase, with {@code catena.url} set. */
    YcsbArguments phase(boolean loadPhase, String url) {
        List<String> args = new ArrayList<>(ycsb);
        args.set(0, loadPhase ? "-load" : "-t");
        args.addAll(List.of("-p", CatenaSettings.URL + "=" + url));
        Properties p = new Properties();
        p.putAll(properties);
        p.setProperty(CatenaSettings.URL, url);
        return new YcsbArguments(loadPhase, args, p);
    }
}
