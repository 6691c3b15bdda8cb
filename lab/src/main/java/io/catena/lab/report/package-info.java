/**
 * What a run of {@code catena demo} or {@code catena bench} reports, and how it is shown.
 *
 * <p>The model ({@link io.catena.lab.report.RunSummary}, {@link io.catena.lab.report.RegionSummary}
 * and their parts) is independent of how the run was produced: an in-process demo and a benchmark
 * against a remote cluster both fill it through a {@link io.catena.lab.report.RunRecorder}. It is
 * rendered as a terminal table ({@link io.catena.lab.report.SummaryTable}) and as one
 * self-contained HTML file ({@link io.catena.lab.report.HtmlReport}); a
 * {@link io.catena.lab.report.ProgressBar} shows a long run while it goes, and a
 * {@link io.catena.lab.report.BrowserLauncher} opens the report when it can.
 *
 * <p>Terminal output is plain ASCII throughout (PASS/FAIL, {@code -} for a missing value): it must
 * read the same in a UTF-8 terminal, a Windows console and a CI log.
 */
package io.catena.lab.report;
