package io.catena.storage.hbase;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The configuration directory of a standalone HBase: {@code hbase-site.xml} and
 * {@code log4j.properties}, put first on the child JVM's classpath. Everything binds to
 * 127.0.0.1 on the given ports, data lives under one directory on the local filesystem, and the
 * web UIs are off, so several such servers (one per demo region) and other builds can share a
 * machine. An operator can start the same server by hand with this directory.
 */
final class StandaloneSite {

    /** HBase's default for a distributed cluster; ZooKeeper caps sessions at 40 s unless told more. */
    static final int ZOOKEEPER_SESSION_TIMEOUT_MILLIS = 90_000;

    private StandaloneSite() {
    }

    /**
     * The settings for a server with data under {@code dataDir}, listening on {@code ports}, with
     * {@code regionServers} region servers: one listens on the port chosen for it, several on
     * ports each picks when it starts (they share the JVM's configuration, so one port would clash).
     */
    static Map<String, String> settings(Path dataDir, HBasePorts ports, int regionServers) {
        Path data = dataDir.toAbsolutePath();
        Map<String, String> s = new LinkedHashMap<>();
        s.put("hbase.cluster.distributed", "false");
        s.put("hbase.rootdir", data.resolve("hbase").toUri().toString());
        s.put("hbase.tmp.dir", data.resolve("tmp").toString());
        s.put("hbase.zookeeper.property.dataDir", data.resolve("zookeeper").toString());
        s.put("hbase.zookeeper.quorum", "127.0.0.1");
        s.put("hbase.zookeeper.property.clientPort", Integer.toString(ports.zookeeper()));
        s.put("hbase.master.hostname", "127.0.0.1");
        s.put("hbase.master.port", Integer.toString(ports.master()));
        s.put("hbase.master.info.port", "-1");
        s.put("hbase.regionserver.hostname", "127.0.0.1");
        s.put("hbase.regionserver.port", regionServers == 1 ? Integer.toString(ports.regionServer()) : "0");
        s.put("hbase.regionserver.info.port", "-1");
        // The local filesystem cannot promise hflush/hsync the way HDFS does; HBase refuses to
        // write its WAL there unless told that this is understood (a standalone, single-disk server).
        s.put("hbase.unsafe.stream.capability.enforce", "false");
        // Memstore chunks of 2 MiB per written store add up when tests make many small tables in
        // a modest heap; a standalone server gains little from them.
        s.put("hbase.hregion.memstore.mslab.enabled", "false");
        // After a crash, the embedded ZooKeeper restores its sessions from its data directory, so
        // the dead region server stays registered until its session times out, counted from the
        // restart. Standalone mode shortens that timeout to 10 s, which a loaded machine can spend
        // before the restarted region server reports in. The master then declares the old server
        // dead first and starts splitting its WAL with no region server to do it; HBase 2.6.1
        // parks that split until a server arrives but can miss the arrival (WorkerAssigner looks
        // for a worker and suspends in two steps), and the master then waits forever for
        // hbase:meta. With the distributed default of 90 s, it is the restarted server reporting
        // in on the same host and port that declares its predecessor dead, and the split finds it.
        s.put("zookeeper.session.timeout.localHBaseCluster", Integer.toString(ZOOKEEPER_SESSION_TIMEOUT_MILLIS));
        s.put("hbase.zookeeper.property.maxSessionTimeout", Integer.toString(ZOOKEEPER_SESSION_TIMEOUT_MILLIS));
        return s;
    }

    /** {@code settings} plus HBase's access control on the master, the region server and every region. */
    static Map<String, String> withAccessControl(Map<String, String> settings) {
        Map<String, String> s = new LinkedHashMap<>(settings);
        String controller = "org.apache.hadoop.hbase.security.access.AccessController";
        s.put("hbase.security.authorization", "true");
        s.put("hbase.coprocessor.master.classes", controller);
        s.put("hbase.coprocessor.regionserver.classes", controller);
        s.put("hbase.coprocessor.region.classes", controller);
        return s;
    }

    static void write(Path confDir, Map<String, String> settings) throws IOException {
        Files.createDirectories(confDir);
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<!-- Written by Catena's LocalHBase. -->\n<configuration>\n");
        settings.forEach((name, value) -> xml.append("  <property><name>").append(escape(name))
                .append("</name><value>").append(escape(value)).append("</value></property>\n"));
        xml.append("</configuration>\n");
        Files.writeString(confDir.resolve("hbase-site.xml"), xml, StandardCharsets.UTF_8);
        Files.writeString(confDir.resolve("log4j.properties"), """
                # Written by Catena's LocalHBase: everything to standard output, which goes to hbase.log.
                log4j.rootLogger=INFO,console
                log4j.appender.console=org.apache.log4j.ConsoleAppender
                log4j.appender.console.target=System.out
                log4j.appender.console.layout=org.apache.log4j.PatternLayout
                log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %-5p [%t] %c{2}: %m%n
                log4j.logger.org.apache.zookeeper=WARN
                log4j.logger.org.apache.hadoop.metrics2=WARN
                """, StandardCharsets.UTF_8);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
