package io.catena.lab.report.svg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MarkupWriterTest {

    @Test
    void textAndAttributesAreEscaped() {
        String html = new MarkupWriter().element("p", "<script>alert('x') & \"y\"</script>", "title", "a\"b<c>")
                .finish();
        assertThat(html).isEqualTo("<p title=\"a&quot;b&lt;c&gt;\">&lt;script&gt;alert(&#39;x&#39;) &amp; "
                + "&quot;y&quot;&lt;/script&gt;</p>\n");
    }

    @Test
    void charactersXmlCannotCarryAreReplacedAndSurrogatePairsKept() {
        assertThat(MarkupWriter.escape("a\u0000b\u001Fc\tok")).isEqualTo("a\uFFFDb\uFFFDc\tok");
        assertThat(MarkupWriter.escape("\uD83D\uDE80 \uD83D")).isEqualTo("\uD83D\uDE80 \uFFFD");
    }

    @Test
    void elementsCloseInOrderOrNotAtAll() {
        MarkupWriter w = new MarkupWriter().open("div").open("span");
        assertThatThrownBy(() -> w.close("div")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("<span>");
        assertThatThrownBy(w::finish).isInstanceOf(IllegalStateException.class);
        assertThat(w.close("span").close("div").finish()).isEqualTo("<div><span></span></div>\n");
    }

    @Test
    void namesAreCheckedSoNothingCanBeInjectedThroughThem() {
        MarkupWriter w = new MarkupWriter();
        assertThatThrownBy(() -> w.open("p onclick=x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> w.empty("line", "x1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> w.empty("line", "x1=\"0\" y", "1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void inlineElementsGetNoLineBreakThatWouldShowAsASpace() {
        String html = new MarkupWriter().open("li").element("span", "PASS").text(" ok").close("li")
                .empty("circle", "r", "1").finish();
        assertThat(html).isEqualTo("<li><span>PASS</span> ok</li>\n<circle r=\"1\"/>\n");
    }
}
