package io.catena.core.spi;

/**
 * A write refused because a later leader's term has claimed the store: the writer is a
 * coordinator whose term is over (a process paused or cut off while its successor took over), and
 * must stop acting, since whatever it would write its successor may already have decided otherwise.
 */
public final class StoreFencedException extends RuntimeException {

    private final long writerTerm;
    private final long claimedTerm;

    public StoreFencedException(long writerTerm, long claimedTerm) {
        super("the store belongs to leader term " + claimedTerm + ", so a write of term " + writerTerm
                + " is refused: that leader's term is over");
        this.writerTerm = writerTerm;
        this.claimedTerm = claimedTerm;
    }

    public long writerTerm() {
        return writerTerm;
    }

    public long claimedTerm() {
        return claimedTerm;
    }

    /** Whether {@code failure}, or what it wraps, is a fenced write. */
    public static boolean isFenced(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof StoreFencedException) {
                return true;
            }
        }
        return false;
    }
}
