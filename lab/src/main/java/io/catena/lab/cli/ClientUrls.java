package io.catena.lab.cli;

import io.catena.server.config.ServerConfig;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Client connection URLs from a region's configuration, for the commands that act as clients. */
final class ClientUrls {

    private ClientUrls() {
    }

    /**
     * The URL of the configuration's region: its address, the cluster name and, when the cluster
     * runs TLS, the node's own certificate as the client's and its trusted CAs.
     */
    static String of(ServerConfig config) {
        StringBuilder url = new StringBuilder("catena://").append(config.self().address()).append('/')
                .append(config.cluster()).append("?region=").append(encode(config.region()));
        config.tls().ifPresent(tls -> url.append("&tls=true&tlsCa=").append(encode(tls.trustedCertificates().toString()))
                .append("&tlsCert=").append(encode(tls.certificateChain().toString()))
                .append("&tlsKey=").append(encode(tls.privateKey().toString())));
        return url.toString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
