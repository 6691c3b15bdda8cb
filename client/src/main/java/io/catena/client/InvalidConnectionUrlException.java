package io.catena.client;

/**
 * A connection URL that cannot be used. The message is one sentence that names the bad part and
 * says how to write it; nothing was connected, and retrying with the same URL cannot help.
 */
public final class InvalidConnectionUrlException extends IllegalArgumentException {

    private final String url;

    /**
     * @param url     the URL as given
     * @param message one sentence: what is wrong and how to fix it
     */
    public InvalidConnectionUrlException(String url, String message) {
        super(message);
        this.url = url;
    }

    /** The URL as given. */
    public String url() {
        return url;
    }
}
