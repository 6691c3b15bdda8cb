package io.catena.server.config;

import io.catena.core.config.ClusterConfig;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Validates the protocol settings by building the core {@link ClusterConfig}, so that its rules
 * live in one place, and turns each of its complaints into a problem at the key that causes it:
 * {@code "epochLengthMicros must be at least 100, not 50"} becomes {@code protocol.epochLength:
 * must be at least 100us, not 50us}; sizes are written as sizes ({@code 4MiB}). A complaint it
 * cannot place is still reported, as written, at {@code protocol}.
 */
final class ClusterConfigCheck {

    private static final String CORE_PREFIX = "invalid cluster configuration: ";
    private static final Pattern NUMBER = Pattern.compile("\\b\\d+\\b");

    /** What the numbers of a core field's complaints are. */
    private enum Unit { COUNT, MICROS, BYTES }

    /** A core field, the key that sets it, and what its numbers are. */
    private record Field(String core, String key, Unit unit) {
    }

    private static final List<Field> FIELDS = List.of(
            new Field("chainServersPerRegion", "chainServers", Unit.COUNT),
            new Field("epochLengthMicros", "epochLength", Unit.MICROS),
            new Field("delayToleranceMicros", "delayTolerance", Unit.MICROS),
            new Field("faultTolerance", "faultTolerance", Unit.COUNT),
            new Field("voteWindowEpochs", "voteWindowEpochs", Unit.COUNT),
            new Field("retransmitAfterMicros", "retransmitAfter", Unit.MICROS),
            new Field("redundantEpochs", "redundantEpochs", Unit.COUNT),
            new Field("orderingGraceMicros", "orderingGrace", Unit.MICROS),
            new Field("maxTransactionBytes", "maxTransactionBytes", Unit.BYTES),
            new Field("maxRecordBytes", "maxRecordBytes", Unit.BYTES),
            new Field("maxEpochMessageBytes", "maxEpochMessageBytes", Unit.BYTES));

    private ClusterConfigCheck() {
    }

    /** The core configuration, or nothing when the settings break one of its rules. */
    static Optional<ClusterConfig> build(List<String> regions, ProtocolSettings protocol, ConfigProblems problems) {
        if (!protocol.algorithm().plugin().capabilities().faultTolerant() && protocol.faultTolerance() > 0) {
            // The baselines wait for every region's acknowledgement before they forget a commit.
            problems.add("protocol.faultTolerance", protocol.algorithm() + " handles no region failure (docs/PROTOCOL.md, "
                    + "the comparison baselines), so it must be 0, not " + protocol.faultTolerance());
            return Optional.empty();
        }
        if (protocol.voteWindowEpochs() < 0) {
            problems.add("protocol.voteWindowEpochs", "must be a positive number of epochs, or auto, not "
                    + protocol.voteWindowEpochs());
            return Optional.empty();
        }
        try {
            return Optional.of(protocol.toCoreBuilder(regions).build());
        } catch (IllegalArgumentException refused) {
            String all = refused.getMessage().startsWith(CORE_PREFIX)
                    ? refused.getMessage().substring(CORE_PREFIX.length()) : refused.getMessage();
            for (String complaint : all.split("; ")) {
                report(complaint, problems);
            }
            return Optional.empty();
        }
    }

    private static void report(String complaint, ConfigProblems problems) {
        for (Field field : FIELDS) {
            if (complaint.startsWith(field.core + " ")) {
                String rest = complaint.substring(field.core.length() + 1);
                String text = switch (field.unit) {
                    case COUNT -> rest;
                    case MICROS -> withUnits(rest, n -> TimeSpan.ofMicros(n).toString());
                    case BYTES -> withUnits(rest, n -> ByteSize.ofBytes(n).toString());
                };
                problems.add("protocol." + field.key, text + hint(field));
                return;
            }
        }
        problems.add("protocol", complaint);
    }

    /** The core speaks in bare microseconds and bytes; an operator wrote units. */
    private static String withUnits(String text, LongFunction<String> unit) {
        Matcher number = NUMBER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (number.find()) {
            number.appendReplacement(out, unit.apply(Long.parseLong(number.group())));
        }
        number.appendTail(out);
        return out.toString();
    }

    private static String hint(Field field) {
        return field.key.equals("faultTolerance") ? ", so that the regions that go on remain a majority" : "";
    }
}
