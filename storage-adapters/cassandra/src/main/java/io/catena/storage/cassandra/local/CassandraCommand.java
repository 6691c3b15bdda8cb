package io.catena.storage.cassandra.local;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a local Cassandra daemon: the {@code java} of the running JVM, the flags
 * Cassandra 5.0 needs on Java 17, a small heap, and Cassandra's classpath as resolved by the
 * {@code catena-cassandra-server} module (a resource in its jar, so Cassandra's jars never mix with
 * this JVM's). Stateless.
 */
final class CassandraCommand {

    static final String CLASSPATH_RESOURCE = "/io/catena/storage/cassandra/server/cassandra.classpath";

    /**
     * Cassandra reaches into JDK internals (off-heap buffers, class loading, JMX); without these
     * it refuses to start on Java 17. The list is the one Cassandra's own jvm17-server.options sets.
     */
    private static final List<String> MODULE_FLAGS = List.of(
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports", "java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports", "java.sql/java.sql=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens", "java.base/java.io=ALL-UNNAMED",
            "--add-opens", "java.base/java.nio=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/java.util=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens", "java.base/java.net=ALL-UNNAMED");

    private CassandraCommand() {
    }

    /**
     * The daemon's command line.
     *
     * @param conf the directory holding cassandra.yaml and logback.xml
     */
    static List<String> of(Path dataDirectory, Path conf, CassandraPorts ports, int heapMegabytes) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        // A small heap and the serial collector: several daemons share two cores with the demo,
        // and a local test store never holds enough to need a concurrent collector.
        command.add("-Xms" + Math.min(256, heapMegabytes) + "m");
        command.add("-Xmx" + heapMegabytes + "m");
        command.add("-Xss256k");
        command.add("-XX:+UseSerialGC");
        command.add("-XX:MaxDirectMemorySize=256m");
        command.add("-XX:CICompilerCount=2");
        command.add("-XX:+PerfDisableSharedMem");
        command.add("-Djava.net.preferIPv4Stack=true");
        command.addAll(MODULE_FLAGS);
        command.add("-Dcassandra.config=" + conf.resolve("cassandra.yaml").toUri());
        command.add("-Dcassandra-rackdc.properties=" + conf.resolve("cassandra-rackdc.properties").toUri());
        command.add("-Dlogback.configurationFile=" + conf.resolve("logback.xml").toAbsolutePath());
        command.add("-Dcassandra-foreground=yes");
        command.add("-Dcassandra.storagedir=" + dataDirectory.toAbsolutePath());
        command.add("-Dcassandra.logdir=" + dataDirectory.toAbsolutePath());
        command.add("-Dcassandra.jmx.local.port=" + ports.jmxPort());
        // Every node's tokens are fixed in its configuration and it streams nothing when it joins
        // (NodePlace): waiting for the ring to settle or for others to announce theirs only delays startup.
        command.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
        command.add("-Dcassandra.ring_delay_ms=0");
        // Likewise nobody else can create the default superuser of a daemon that requires logins.
        command.add("-Dcassandra.superuser_setup_delay_ms=0");
        command.add("-cp");
        command.add(cassandraClasspath());
        command.add("org.apache.cassandra.service.CassandraDaemon");
        return command;
    }

    /**
     * The command line of Cassandra's {@code nodetool} with {@code args}, against the daemon whose
     * JMX port is {@code ports.jmxPort()} on 127.0.0.1: Cassandra's own tool class on its classpath,
     * which needs the same module flags as the daemon on Java 17.
     */
    static List<String> nodetool(Path logDirectory, CassandraPorts ports, List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.add("-Xmx128m");
        command.add("-XX:+UseSerialGC");
        command.addAll(MODULE_FLAGS);
        // Where the tool writes its command history (nodetool.history), kept with the daemon's files.
        command.add("-Dcassandra.logdir=" + logDirectory.toAbsolutePath());
        command.add("-cp");
        command.add(cassandraClasspath());
        command.add("org.apache.cassandra.tools.NodeTool");
        command.addAll(List.of("-h", "127.0.0.1", "-p", String.valueOf(ports.jmxPort())));
        command.addAll(args);
        return command;
    }

    /**
     * The java that runs the daemon and its tools: {@code catena.store.java} if set, else this
     * JVM's. Cassandra 5.0 runs on Java 11 or 17 only, and {@code bin/catena} runs the lab on a
     * newer JDK when it finds one, naming a Java 17 in that property.
     */
    private static String javaExecutable() {
        String chosen = System.getProperty("catena.store.java", "");
        if (!chosen.isBlank()) {
            return chosen;
        }
        return ProcessHandle.current().info().command()
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private static String cassandraClasspath() throws IOException {
        try (InputStream in = CassandraCommand.class.getResourceAsStream(CLASSPATH_RESOURCE)) {
            if (in == null) {
                throw new IOException("the resource " + CLASSPATH_RESOURCE + " is missing: put catena-cassandra-server"
                        + " (built by Maven, it lists Cassandra's jars) on the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }
}
