package io.catena.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.rlog.EncodedSize;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The three size limits nest — the largest transaction fits twice in a record with the record's
 * own fields, the largest record in an epoch message with the message's own fields — and the
 * builder says which limit breaks the nesting and by how much.
 */
class SizeLimitsTest {

    @Test
    void theDefaultsNest() {
        ClusterConfig config = ClusterConfig.builder().build();

        assertThat(config.maxTransactionBytes()).isEqualTo(1 << 20);
        assertThat(config.maxRecordBytes()).isEqualTo(4 << 20);
        assertThat(config.maxEpochMessageBytes()).isEqualTo(8 << 20);
        assertThat(2L * config.maxTransactionBytes() + EncodedSize.recordSkeleton(3))
                .isLessThanOrEqualTo(config.maxRecordBytes());
        assertThat(config.maxRecordBytes() + EncodedSize.epochMessageSkeleton(3))
                .isLessThanOrEqualTo(config.maxEpochMessageBytes());
    }

    @Test
    void theTightestNestingIsAccepted() {
        long record = 2L * 4096 + EncodedSize.recordSkeleton(3);
        long message = record + EncodedSize.epochMessageSkeleton(3);

        ClusterConfig config = ClusterConfig.builder().maxTransactionBytes(4096).maxRecordBytes(record)
                .maxEpochMessageBytes(message).build();

        assertThat(config.maxEpochMessageBytes()).isEqualTo(message);
    }

    @Test
    void aRecordThatCannotHoldTwoLargestTransactionsIsRefused() {
        long least = 2L * (1 << 20) + EncodedSize.recordSkeleton(3);

        assertThatThrownBy(() -> ClusterConfig.builder().maxRecordBytes(least - 1).build())
                .hasMessage("invalid cluster configuration: maxRecordBytes must hold two of the largest transactions "
                        + "and the record's own fields: at least " + least + ", not " + (least - 1));
    }

    @Test
    void aMessageThatCannotHoldTheLargestRecordIsRefused() {
        long least = (4L << 20) + EncodedSize.epochMessageSkeleton(5);

        assertThatThrownBy(() -> ClusterConfig.builder().regions(List.of("a", "b", "c", "d", "e"))
                .maxEpochMessageBytes(4 << 20).build())
                .hasMessage("invalid cluster configuration: maxEpochMessageBytes must hold the largest record and "
                        + "the message's own fields: at least " + least + ", not " + (4 << 20));
    }

    @Test
    void limitsOutsideTheirRangeAreRefusedWithoutEchoes() {
        assertThatThrownBy(() -> ClusterConfig.builder().maxTransactionBytes(100).maxEpochMessageBytes(2L << 30).build())
                .hasMessage("invalid cluster configuration: maxTransactionBytes must be between 1024 and 1073741824, "
                        + "not 100; maxEpochMessageBytes must be between 1 and 1073741824, not 2147483648");
    }
}
