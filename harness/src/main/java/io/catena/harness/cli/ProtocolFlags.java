package io.catena.harness.cli;

import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * One flag per protocol setting, named and defaulted by its {@link SettingKey}, for every command
 * that starts a cluster ({@code catena-sim}'s runs, {@code catena demo}, {@code bench}, {@code tpcc}).
 * Picocli takes its names and defaults as constants, so they are written here once and the
 * commands' {@code ProtocolFlagsTest}s hold them to the keys'; a value is read by its key
 * ({@link SettingKey#readFlag}), so both commands accept and refuse the same forms.
 */
public final class ProtocolFlags {

    @Option(names = "--chain-servers", defaultValue = "4", paramLabel = "K",
            description = "chain servers in each region (default: ${DEFAULT-VALUE})")
    String chainServers;

    @Option(names = {"--epoch", "--epoch-ms"}, defaultValue = "10ms", paramLabel = "DURATION",
            description = "length of an epoch; --epoch-ms is the old name, and a bare number is milliseconds"
                    + " (default: ${DEFAULT-VALUE})")
    String epochLength;

    @Option(names = {"--delay-tolerance", "--delay-tolerance-ms"}, defaultValue = "400ms", paramLabel = "DURATION",
            description = "majority mode: how long a region waits for another's record before it may vote to"
                    + " abandon it; --delay-tolerance-ms is the old name (default: ${DEFAULT-VALUE})")
    String delayTolerance;

    @Option(names = "--fault-tolerance", defaultValue = "0", paramLabel = "F",
            description = "regions that may be down while the others go on; 1 = majority mode with 3 regions"
                    + " (default: ${DEFAULT-VALUE})")
    String faultTolerance;

    @Option(names = "--vote-window-epochs", defaultValue = "auto", paramLabel = "EPOCHS",
            description = "epochs in which votes on an epoch's order count; auto: max(20, 2 * delayTolerance /"
                    + " epochLength) (default: ${DEFAULT-VALUE})")
    String voteWindowEpochs;

    @Option(names = "--retransmit-after", defaultValue = "400ms", paramLabel = "DURATION",
            description = "resend a record a peer has not acknowledged after this long (default: ${DEFAULT-VALUE})")
    String retransmitAfter;

    @Option(names = "--redundant-epochs", defaultValue = "1", paramLabel = "N",
            description = "also resend this many previous epochs' records with every epoch message"
                    + " (default: ${DEFAULT-VALUE})")
    String redundantEpochs;

    @Option(names = {"--ordering-grace", "--ordering-grace-ms"}, defaultValue = "300us", paramLabel = "DURATION",
            description = "how long a speculative precommit waits for a conflicting transaction of its epoch;"
                    + " --ordering-grace-ms is the old name (default: ${DEFAULT-VALUE})")
    String orderingGrace;

    @Option(names = {"--max-transaction-bytes", "--max-txn-bytes"}, defaultValue = "1MiB", paramLabel = "SIZE",
            description = "largest transaction a coordinator accepts; --max-txn-bytes is the old name"
                    + " (default: ${DEFAULT-VALUE})")
    String maxTransactionBytes;

    @Option(names = "--max-record-bytes", defaultValue = "4MiB", paramLabel = "SIZE",
            description = "largest record of one region's epoch (default: ${DEFAULT-VALUE})")
    String maxRecordBytes;

    @Option(names = {"--max-epoch-message-bytes", "--max-message-bytes"}, defaultValue = "8MiB", paramLabel = "SIZE",
            description = "largest epoch message frame; --max-message-bytes is the old name (default: ${DEFAULT-VALUE})")
    String maxEpochMessageBytes;

    /** Each flag's text as given (or its default), by its key, in the keys' order. */
    public Map<SettingKey, String> texts() {
        Map<SettingKey, String> texts = new LinkedHashMap<>();
        texts.put(ProtocolKeys.CHAIN_SERVERS, chainServers);
        texts.put(ProtocolKeys.EPOCH_LENGTH, epochLength);
        texts.put(ProtocolKeys.DELAY_TOLERANCE, delayTolerance);
        texts.put(ProtocolKeys.FAULT_TOLERANCE, faultTolerance);
        texts.put(ProtocolKeys.VOTE_WINDOW_EPOCHS, voteWindowEpochs);
        texts.put(ProtocolKeys.RETRANSMIT_AFTER, retransmitAfter);
        texts.put(ProtocolKeys.REDUNDANT_EPOCHS, redundantEpochs);
        texts.put(ProtocolKeys.ORDERING_GRACE, orderingGrace);
        texts.put(ProtocolKeys.MAX_TRANSACTION_BYTES, maxTransactionBytes);
        texts.put(ProtocolKeys.MAX_RECORD_BYTES, maxRecordBytes);
        texts.put(ProtocolKeys.MAX_EPOCH_MESSAGE_BYTES, maxEpochMessageBytes);
        return texts;
    }

    /**
     * Each setting's value, read by its key.
     *
     * @throws IllegalArgumentException one sentence naming the first flag whose value is unreadable or out of range
     */
    public Map<SettingKey, Long> values() {
        Map<SettingKey, Long> values = new LinkedHashMap<>();
        texts().forEach((key, text) -> values.put(key, key.readFlag(text)));
        return values;
    }
}
