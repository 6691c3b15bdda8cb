package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

    private static final long MS = 1_000_000;
    private static final long SECOND = 1_000 * MS;

    private final AtomicLong clock = new AtomicLong(42 * SECOND);
    private final StringBuilder out = new StringBuilder();

    private ProgressBar bar(ProgressBar.Mode mode) {
        return ProgressBar.builder(out, Duration.ofSeconds(30)).mode(mode).nanoClock(clock::get).build();
    }

    private void advance(long nanos) {
        clock.addAndGet(nanos);
    }

    @Test
    void theLineShowsBarTimeCountAndRate() {
        ProgressBar bar = bar(ProgressBar.Mode.IN_PLACE);
        long start = clock.get();
        assertThat(bar.line(start + 12 * SECOND, 41_203, 3_402.4))
                .isEqualTo("[========>           ] 12s/30s  41,203 committed  3,402 txn/s");
        assertThat(bar.line(start, 0, Double.NaN)).isEqualTo("[>                   ] 0s/30s  0 committed  - txn/s");
        assertThat(bar.line(start + 31 * SECOND, 9, 1)).startsWith("[====================] 31s/30s");
    }

    @Test
    void inPlaceRedrawsWithCarriageReturnsAtMostEveryTenthOfASecond() {
        ProgressBar bar = bar(ProgressBar.Mode.IN_PLACE);
        advance(SECOND);
        bar.update(1_000);
        advance(50 * MS);
        bar.update(1_050);
        advance(60 * MS);
        bar.update(1_100);
        assertThat(out.toString()).isEqualTo(
                "\r[>                   ] 1s/30s  1,000 committed  1,000 txn/s"
                        + "\r[>                   ] 1s/30s  1,100 committed  1,000 txn/s");
    }

    @Test
    void inPlaceBlanksTheRestOfALongerPreviousLineAndFinishesWithANewline() {
        ProgressBar bar = bar(ProgressBar.Mode.IN_PLACE);
        advance(SECOND);
        bar.update(100_000);
        advance(29 * SECOND);
        bar.finish(3_000);
        String[] draws = out.toString().split("\r");
        assertThat(draws[1]).isEqualTo("[>                   ] 1s/30s  100,000 committed  100,000 txn/s");
        String last = "[====================] 30s/30s  3,000 committed  100 txn/s";
        assertThat(draws[2]).isEqualTo(last + " ".repeat(draws[1].length() - last.length()) + "\n");
        assertThat(draws[2]).hasSize(draws[1].length() + 1);
    }

    @Test
    void linesModePrintsAPlainLineEveryIntervalAndAFinalOne() {
        ProgressBar bar = ProgressBar.builder(out, Duration.ofSeconds(30)).mode(ProgressBar.Mode.LINES)
                .lineInterval(Duration.ofSeconds(5)).nanoClock(clock::get).build();
        for (int s = 1; s <= 12; s++) {
            advance(SECOND);
            bar.update(s * 100L);
        }
        bar.finish(1_200);
        assertThat(out.toString()).doesNotContain("\r").isEqualTo("""
                [===>                ] 5s/30s  500 committed  100 txn/s
                [======>             ] 10s/30s  1,000 committed  100 txn/s
                [========>           ] 12s/30s  1,200 committed  100 txn/s
                """);
    }

    @Test
    void theRateFollowsTheLastSecondNotTheWholeRun() {
        ProgressBar bar = ProgressBar.builder(out, Duration.ofSeconds(30)).mode(ProgressBar.Mode.LINES)
                .lineInterval(Duration.ofSeconds(2)).nanoClock(clock::get).build();
        advance(SECOND);
        bar.update(100);
        advance(SECOND);
        bar.update(1_100);
        assertThat(out.toString()).isEqualTo("[=>                  ] 2s/30s  1,100 committed  1,000 txn/s\n");
    }

    @Test
    void nothingIsWrittenAfterFinishAndFinishHappensOnce() {
        ProgressBar bar = bar(ProgressBar.Mode.LINES);
        advance(SECOND);
        bar.finish(10);
        String after = out.toString();
        advance(10 * SECOND);
        bar.update(20);
        bar.finish(30);
        assertThat(out.toString()).isEqualTo(after).isEqualTo("[>                   ] 1s/30s  10 committed  10 txn/s\n");
    }

    @Test
    void aFailingStreamSilencesTheBarInsteadOfThrowing() {
        List<String> attempts = new ArrayList<>();
        Writer broken = new Writer() {
            @Override
            public void write(char[] buf, int off, int len) throws IOException {
                attempts.add(new String(buf, off, len));
                throw new IOException("stream closed");
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        ProgressBar bar = ProgressBar.builder(broken, Duration.ofSeconds(1)).mode(ProgressBar.Mode.IN_PLACE)
                .nanoClock(clock::get).build();
        assertThatCode(() -> {
            bar.update(1);
            advance(SECOND);
            bar.update(2);
            bar.finish(3);
        }).doesNotThrowAnyException();
        assertThat(attempts).hasSize(1);
    }

    @Test
    void aClosedPrintStreamIsHarmless() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        stream.close();
        ProgressBar bar = ProgressBar.builder(stream, Duration.ofSeconds(1)).mode(ProgressBar.Mode.LINES)
                .nanoClock(clock::get).build();
        assertThatCode(() -> bar.finish(1)).doesNotThrowAnyException();
        assertThat(stream.checkError()).isTrue();
    }

    @Test
    void updatesFromManyThreadsNeverInterleaveWithinALine() throws Exception {
        ProgressBar bar = ProgressBar.builder(out, Duration.ofSeconds(30)).mode(ProgressBar.Mode.LINES)
                .lineInterval(Duration.ofNanos(1)).nanoClock(clock::incrementAndGet).build();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 2_000; i++) {
                    bar.update(i);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(out.toString().lines()).hasSize(8_000)
                .allMatch(l -> l.matches("\\[[=> ]{20}] 0s/30s  [0-9,]+ committed  [-0-9,]+ txn/s"));
    }
}
