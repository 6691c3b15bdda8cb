package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void columnsAreAsWideAsTheirWidestCellAndFiguresAlignRight() {
        TextTable t = new TextTable(List.of(new GridColumn("", "name", false), new GridColumn("", "n", true)));
        t.row(List.of("a", "1")).row(List.of("longer", "1,000"));
        assertThat(t.render()).isEqualTo("""
                name        n
                -------------
                a           1
                longer  1,000
                """);
    }

    @Test
    void aWideGroupHeadingWidensItsColumnsEvenlyAndIsCentred() {
        TextTable t = new TextTable(List.of(new GridColumn("", "x", false), new GridColumn("wide group", "a", true),
                new GridColumn("wide group", "b", true)));
        t.row(List.of("r", "1", "2"));
        assertThat(t.render()).isEqualTo("""
                   wide group
                x     a     b
                -------------
                r     1     2
                """);
    }

    @Test
    void rulesSeparateRowsAndLinesCarryNoTrailingSpaces() {
        TextTable t = new TextTable(List.of(new GridColumn("", "name", false), new GridColumn("", "n", true)));
        t.row(List.of("a", "1")).rule().row(List.of("", "2"));
        String out = t.render();
        assertThat(out.lines()).hasSize(5).allMatch(l -> l.equals(l.stripTrailing()));
        assertThat(out.lines().toList().get(3)).isEqualTo("-------");
    }

    @Test
    void aRowMustFillEveryColumn() {
        TextTable t = new TextTable(List.of(new GridColumn("", "a", false), new GridColumn("", "b", false)));
        assertThatThrownBy(() -> t.row(List.of("only one"))).isInstanceOf(IllegalArgumentException.class);
    }
}
