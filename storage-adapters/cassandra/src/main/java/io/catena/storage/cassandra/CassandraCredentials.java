package io.catena.storage.cassandra;

/**
 * The user name and password a region's Catena nodes log in to Cassandra with, for clusters that
 * run {@code PasswordAuthenticator}. The password never appears in {@link #toString()}, so
 * settings can be logged and put in error messages.
 */
public record CassandraCredentials(String username, String password) {

    public CassandraCredentials {
        if (username == null || username.isBlank()) {
            throw new IllegalArgumentException("Cassandra credentials need a user name, got "
                    + (username == null ? "null" : "a blank one"));
        }
        if (password == null || password.isEmpty()) {
            throw new IllegalArgumentException("the Cassandra password of user '" + username + "' is empty");
        }
    }

    @Override
    public String toString() {
        return "CassandraCredentials[username=" + username + ", password=(hidden)]";
    }
}
