package io.catena.lab.report;

/**
 * One column of a summary table.
 *
 * @param group   the heading shared by a run of adjacent columns (a transaction class), or empty
 * @param header  the column's own heading
 * @param numeric whether its cells are figures, aligned to the right
 */
record GridColumn(String group, String header, boolean numeric) {

    GridColumn {
        if (group == null || header == null) {
            throw new IllegalArgumentException("a column has a group (maybe empty) and a header");
        }
    }
}
