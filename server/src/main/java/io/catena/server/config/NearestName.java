package io.catena.server.config;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds the known name an operator most likely meant when they typed an unknown one, for
 * "did you mean …?" hints. Case, {@code -} and {@code _} are ignored, so {@code epoch_length}
 * suggests {@code epochLength}; a name that contains a known one or is contained in it (such as
 * {@code chainServersPerRegion} for {@code chainServers}) is suggested too, once both have at
 * least four letters.
 */
final class NearestName {

    private NearestName() {
    }

    /** The closest of {@code known} to {@code typed}, if any is close enough to be a likely typo. */
    static Optional<String> among(Collection<String> known, String typed) {
        String wanted = fold(typed);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            String folded = fold(candidate);
            boolean nested = Math.min(wanted.length(), folded.length()) >= 4
                    && (folded.contains(wanted) || wanted.contains(folded));
            int distance = nested ? 1 : distance(wanted, folded);
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return bestDistance <= allowedEdits(wanted) ? Optional.ofNullable(best) : Optional.empty();
    }

    /** Short names get fewer edits, or every short typo would suggest every short key. */
    private static int allowedEdits(String folded) {
        if (folded.length() <= 4) {
            return 1;
        }
        return folded.length() <= 8 ? 2 : 3;
    }

    private static String fold(String name) {
        return name.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
