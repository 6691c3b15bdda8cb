package io.catena.server.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * What a standby coordinator's process serves on its metrics address while it waits: {@code GET
 * /health} answers 200 with {@code "status":"STANDBY"} and the leader's address, so that a
 * readiness probe counts a ready standby as ready and an operator sees whom it waits behind, and
 * {@code GET /metrics} says {@code catena_coordinator_leading 0}. Elected, the process closes it
 * and serves the region's full {@link MetricsEndpoint} on the same address.
 */
public final class StandbyHealthEndpoint implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService executor;

    private StandbyHealthEndpoint(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /**
     * Serves on {@code address}.
     *
     * @param leader where the region's leader is, if the election knows
     */
    public static StandbyHealthEndpoint start(InetSocketAddress address, String region, Supplier<Optional<String>> leader) {
        HttpServer server;
        try {
            server = HttpServer.create(address, 16);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serve metrics on " + address.getHostString() + ":"
                    + address.getPort() + " (" + e.getMessage() + ")", e);
        }
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "catena-standby-health");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", ex -> handle(ex, region, leader));
        server.start();
        return new StandbyHealthEndpoint(server, executor);
    }

    private static void handle(HttpExchange ex, String region, Supplier<Optional<String>> leader) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            if (path.equals("/health")) {
                String leaderJson = leader.get().map(l -> "\"" + l + "\"").orElse("null");
                respond(ex, 200, "application/json", "{\"status\":\"STANDBY\",\"region\":\"" + region
                        + "\",\"leader\":" + leaderJson + "}");
            } else if (path.equals("/metrics")) {
                respond(ex, 200, MetricsEndpoint.PROMETHEUS_TEXT, "# HELP catena_coordinator_leading 1 while this "
                        + "coordinator's process leads its region\n# TYPE catena_coordinator_leading gauge\n"
                        + "catena_coordinator_leading{region=\"" + region + "\"} 0.0\n");
            } else {
                respond(ex, 404, "text/plain; charset=utf-8", "no such path; try /metrics or /health\n");
            }
        }
    }

    private static void respond(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
