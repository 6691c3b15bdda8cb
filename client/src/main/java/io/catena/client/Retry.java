package io.catena.client;

import io.catena.core.id.RequestId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Runs a unit of work again when it fails with a retryable {@link CatenaException}, a bounded
 * number of times, waiting with exponential backoff and jitter in between.
 *
 * <pre>{@code
 * Retry retry = Retry.defaults();
 * TxnOutcome t = retry.call(() -> connection.transaction()
 *         .add(alice, "balance", -10).add(bob, "balance", 10).commit());
 * }</pre>
 *
 * <p>The work should build its transaction inside the lambda: each attempt is a new request with
 * a new request id. That is safe exactly for the retryable exceptions, which guarantee the failed
 * attempt had no effect. An {@link OutcomeUnknownException} is not retried unless the builder says
 * the work is idempotent ({@link Builder#retryOutcomeUnknown}); any other exception is thrown at
 * once. When the attempts run out, the last exception is thrown with the earlier ones attached as
 * suppressed exceptions. {@link #commit} goes further for a transaction: it looks a lost answer
 * up ({@link Connection#outcome}) and returns the commit, throws the abort, or runs the work again
 * when the region says the request never ran.
 *
 * <p>Thread-safe if its random source is (the default is); one {@code Retry} can serve many threads.
 */
public final class Retry {

    private final int maxAttempts;
    private final Backoff backoff;
    private final boolean retryOutcomeUnknown;
    private final RandomGenerator random;
    private final Sleeper sleeper;

    private Retry(Builder b) {
        this.maxAttempts = b.maxAttempts;
        this.backoff = b.backoff;
        this.retryOutcomeUnknown = b.retryOutcomeUnknown;
        this.random = b.random;
        this.sleeper = b.sleeper;
    }

    /** Five attempts, waits from 50 ms doubling up to 2 s, outcome-unknown not retried. */
    public static Retry defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs {@code work} until it returns, fails in a way that is not retried, or runs out of attempts.
     *
     * @param work the unit of work; it is called once per attempt
     * @param <T>  its result type
     * @return its result
     */
    public <T> T call(Supplier<T> work) {
        List<RuntimeException> earlier = new ArrayList<>();
        for (int attempt = 1; ; attempt++) {
            try {
                return work.get();
            } catch (RuntimeException e) {
                if (attempt >= maxAttempts || !retries(e)) {
                    earlier.forEach(e::addSuppressed);
                    throw e;
                }
                earlier.add(e);
                pause(attempt, e, earlier);
            }
        }
    }

    /**
     * Commits what {@code work} builds and commits on {@code connection}, as {@link #call} does,
     * and settles a lost answer rather than throwing it: on an {@link OutcomeUnknownException} it
     * asks the region what became of the request ({@link Connection#outcome}). A commit is returned
     * as the work's own; an abort is thrown as the {@link TransactionAbortedException} its answer
     * would have been; a request the region cancelled, which never runs, is run again as a failed
     * attempt, since that is safe. If the lookup fails too, the unknown outcome is thrown with the
     * lookup's failure attached.
     *
     * <pre>{@code
     * TxnOutcome t = Retry.defaults().commit(connection, () -> connection.transaction()
     *         .add(alice, "balance", -10).add(bob, "balance", 10).commit());
     * }</pre>
     *
     * @param connection where the work commits, and where a lost answer is looked up
     * @param work       the unit of work, which builds a new transaction at each call
     * @return the commit
     */
    public TxnOutcome commit(Connection connection, Supplier<TxnOutcome> work) {
        return commit(connection::outcome, work);
    }

    /** {@link #commit(Connection, Supplier)} with the lookup given, for tests. */
    TxnOutcome commit(Function<RequestId, RequestOutcome> lookup, Supplier<TxnOutcome> work) {
        return call(() -> settled(lookup, work));
    }

    private static TxnOutcome settled(Function<RequestId, RequestOutcome> lookup, Supplier<TxnOutcome> work) {
        try {
            return work.get();
        } catch (RuntimeException e) {
            Throwable t = unwrapped(e);
            if (!(t instanceof OutcomeUnknownException unknown)) {
                throw e;
            }
            RequestOutcome outcome;
            try {
                outcome = lookup.apply(unknown.requestId());
            } catch (RuntimeException failed) {
                unknown.addSuppressed(failed);
                throw unknown;
            }
            if (outcome instanceof RequestOutcome.Committed c) {
                return c.outcome();
            }
            if (outcome instanceof RequestOutcome.Aborted a) {
                throw new TransactionAbortedException(a.requestId(), a.reason());
            }
            throw new UnavailableException("Request " + outcome.requestId() + " lost its answer and was not committed ("
                    + ((RequestOutcome.NotCommitted) outcome).reason() + "), so it is run again.", unknown);
        }
    }

    /**
     * Runs {@code work} in an interactive transaction of {@code connection} and commits it, again
     * in a new transaction when a row it read changed before the commit (a retryable conflict), as
     * {@link #call} retries; a lost answer is settled as {@link #commit(Connection, Supplier)} does.
     * The work reads afresh at each attempt, so it must not carry values from one attempt to the
     * next. If it rolls the transaction back itself, nothing is committed and its result is
     * returned.
     *
     * <pre>{@code
     * long left = retry.transact(connection, tx -> {
     *     long balance = tx.get(alice).orElseThrow().getLong("balance");
     *     tx.set(alice, "balance", balance - 10);
     *     return balance - 10;
     * });
     * }</pre>
     *
     * @param connection where the transaction runs, and where a lost answer is looked up
     * @param work       reads and writes through the transaction it is given, once per attempt
     * @param <T>        what the work returns
     * @return what the work returned in the attempt that committed (or rolled back)
     */
    public <T> T transact(Connection connection, Function<Transaction, T> work) {
        Function<RequestId, RequestOutcome> lookup = connection::outcome;
        return call(() -> {
            try (Transaction tx = connection.begin()) {
                T result = work.apply(tx);
                if (tx.isActive()) {
                    settled(lookup, tx::commit);
                }
                return result;
            }
        });
    }

    /**
     * Runs {@code work} like {@link #call}, for work without a result.
     *
     * @param work the unit of work
     */
    public void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }

    /** How many attempts at most, the first included. */
    public int maxAttempts() {
        return maxAttempts;
    }

    /** What {@code e} says: join() on a future wraps the exception, so look through it. */
    private static Throwable unwrapped(RuntimeException e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }

    private boolean retries(RuntimeException e) {
        Throwable t = unwrapped(e);
        if (!(t instanceof CatenaException c)) {
            return false;
        }
        return c.isRetryable() || (retryOutcomeUnknown && c instanceof OutcomeUnknownException);
    }

    private void pause(int failures, RuntimeException last, List<RuntimeException> earlier) {
        RandomGenerator r = random != null ? random : ThreadLocalRandom.current();
        try {
            sleeper.sleep(backoff.delayNanos(failures, r));
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            earlier.remove(last);
            earlier.forEach(last::addSuppressed);
            last.addSuppressed(ie);
            throw last;
        }
    }

    /** Waits between attempts; tests pass one that records the waits instead of sleeping. */
    @FunctionalInterface
    public interface Sleeper {
        /**
         * Waits.
         *
         * @param nanos how long
         * @throws InterruptedException if the thread is interrupted; the retry then gives up
         */
        void sleep(long nanos) throws InterruptedException;
    }

    /** Settings of a {@link Retry}, validated as they are set. */
    public static final class Builder {
        private int maxAttempts = 5;
        private Backoff backoff = new Backoff(Duration.ofMillis(50), Duration.ofSeconds(2));
        private boolean retryOutcomeUnknown;
        private RandomGenerator random;
        private Sleeper sleeper = TimeUnit.NANOSECONDS::sleep;

        private Builder() {
        }

        /**
         * @param attempts the most attempts, the first included; at least 1 (default 5)
         * @return this builder
         */
        public Builder maxAttempts(int attempts) {
            if (attempts < 1) {
                throw new IllegalArgumentException("a retry makes at least one attempt, not " + attempts);
            }
            this.maxAttempts = attempts;
            return this;
        }

        /**
         * @param waits the waits between attempts (default 50 ms doubling to 2 s)
         * @return this builder
         */
        public Builder backoff(Backoff waits) {
            if (waits == null) {
                throw new IllegalArgumentException("a retry needs a backoff");
            }
            this.backoff = waits;
            return this;
        }

        /**
         * Also retries {@link OutcomeUnknownException}: only for work that is harmless to run
         * twice (default false).
         *
         * @param idempotent whether the work is idempotent
         * @return this builder
         */
        public Builder retryOutcomeUnknown(boolean idempotent) {
            this.retryOutcomeUnknown = idempotent;
            return this;
        }

        /**
         * @param source the jitter source; used from every thread the retry runs on (default: a
         *               thread-local random)
         * @return this builder
         */
        public Builder random(RandomGenerator source) {
            this.random = source;
            return this;
        }

        /**
         * @param waiter how to wait (default: sleep the calling thread)
         * @return this builder
         */
        public Builder sleeper(Sleeper waiter) {
            if (waiter == null) {
                throw new IllegalArgumentException("a retry needs a way to wait");
            }
            this.sleeper = waiter;
            return this;
        }

        /** The retry. */
        public Retry build() {
            return new Retry(this);
        }
    }
}
