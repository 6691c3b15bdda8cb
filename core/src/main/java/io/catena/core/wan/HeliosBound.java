package io.catena.core.wan;

import io.catena.core.wan.LatencyMatrix;

/**
 * The commit-latency lower bound of Helios (Nawab's dissertation §4.2): any two regions' commit
 * latencies must add up to at least their round trip, and the minimum-average-optimal latencies
 * solve {@code min sum(L) s.t. L_a + L_b >= RTT(a,b), L >= 0}. The program is tiny (at most a few
 * regions), so it is solved exactly by enumerating the vertices of the feasible region: every
 * choice of n tight constraints, solved by Gaussian elimination, kept if feasible.
 */
public final class HeliosBound {

    private HeliosBound() {
    }

    /** Per-region latencies (microseconds) of a minimum-average-optimal solution. */
    public static double[] solve(LatencyMatrix m) {
        int n = m.size();
        // Constraints as rows a.x >= b: pairs, then non-negativity.
        int pairs = n * (n - 1) / 2;
        double[][] a = new double[pairs + n][n];
        double[] b = new double[pairs + n];
        int row = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                a[row][i] = 1;
                a[row][j] = 1;
                b[row] = m.rttMicros(i, j);
                row++;
            }
        }
        for (int i = 0; i < n; i++) {
            a[row][i] = 1;
            row++;
        }
        double[] best = null;
        double bestSum = Double.MAX_VALUE;
        int[] choice = new int[n];
        for (int c = 0; c < n; c++) {
            choice[c] = c;
        }
        while (choice != null) {
            double[] x = solveTight(a, b, choice, n);
            if (x != null && feasible(a, b, x)) {
                double sum = 0;
                for (double v : x) {
                    sum += v;
                }
                if (sum < bestSum - 1e-9) {
                    bestSum = sum;
                    best = x;
                }
            }
            choice = next(choice, a.length);
        }
        if (best == null) {
            throw new IllegalStateException("the Helios program has no vertex; matrix " + m.name() + " is malformed");
        }
        return best;
    }

    private static double[] solveTight(double[][] a, double[] b, int[] rows, int n) {
        double[][] m = new double[n][n + 1];
        for (int r = 0; r < n; r++) {
            System.arraycopy(a[rows[r]], 0, m[r], 0, n);
            m[r][n] = b[rows[r]];
        }
        for (int col = 0; col < n; col++) {
            int pivot = -1;
            double max = 1e-12;
            for (int r = col; r < n; r++) {
                if (Math.abs(m[r][col]) > max) {
                    max = Math.abs(m[r][col]);
                    pivot = r;
                }
            }
            if (pivot < 0) {
                return null;
            }
            double[] tmp = m[col];
            m[col] = m[pivot];
            m[pivot] = tmp;
            for (int r = 0; r < n; r++) {
                if (r != col && m[r][col] != 0) {
                    double f = m[r][col] / m[col][col];
                    for (int c = col; c <= n; c++) {
                        m[r][c] -= f * m[col][c];
                    }
                }
            }
        }
        double[] x = new double[n];
        for (int r = 0; r < n; r++) {
            x[r] = m[r][n] / m[r][r];
        }
        return x;
    }

    private static boolean feasible(double[][] a, double[] b, double[] x) {
        for (int r = 0; r < a.length; r++) {
            double s = 0;
            for (int c = 0; c < x.length; c++) {
                s += a[r][c] * x[c];
            }
            if (s < b[r] - 1e-6) {
                return false;
            }
        }
        return true;
    }

    /** Next combination of {@code k} indexes out of {@code total}, or null after the last. */
    private static int[] next(int[] c, int total) {
        int k = c.length;
        int i = k - 1;
        while (i >= 0 && c[i] == total - k + i) {
            i--;
        }
        if (i < 0) {
            return null;
        }
        c[i]++;
        for (int j = i + 1; j < k; j++) {
            c[j] = c[j - 1] + 1;
        }
        return c;
    }
}
