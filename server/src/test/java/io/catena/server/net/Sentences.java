package io.catena.server.net;

import static org.assertj.core.api.Assertions.assertThat;

/** What "a clear error in one sentence" means in these tests. */
final class Sentences {

    private Sentences() {
    }

    /** Not blank, one line, no second sentence starting inside it, and short enough to read in a log. */
    static void assertOneSentence(String text) {
        assertThat(text).as("an error text").isNotBlank().doesNotContain("\n").hasSizeLessThan(300);
        assertThat(text).as("an error text").doesNotContainPattern("[.!?]\\s+[A-Z]");
    }
}
