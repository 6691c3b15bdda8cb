package io.catena.catenae.message;

/**
 * Chain server to coordinator when it starts: it holds nothing in memory yet, and needs the
 * footprints and commit passes of every unfinished epoch again.
 */
public record ChainServerHello(int server, long incarnation) implements CatenaMessage {
    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.CHAIN_SERVER_HELLO;
    }
}
