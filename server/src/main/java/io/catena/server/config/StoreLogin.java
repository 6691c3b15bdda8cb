package io.catena.server.config;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The user a region logs in to its store as ({@code username} and {@code passwordFile} of a
 * store's section). The password stays in its file, read when the store is opened, so it is never
 * in the configuration, its fingerprint or a log line; a Kubernetes secret mounted as a file fits.
 *
 * @param username     the store's user name
 * @param passwordFile the file holding the password alone (a trailing line break is ignored);
 *                     relative to the configuration file's directory
 */
public record StoreLogin(String username, Path passwordFile) {

    public StoreLogin {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(passwordFile, "passwordFile");
    }

    public StoreLogin withPasswordFile(Path file) {
        return new StoreLogin(username, file);
    }
}
