package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Row keys, qualifiers and version stamps keep the order and identity the layout relies on. */
class LayoutEncodingTest {

    @Test
    void versionStampsPreserveOrderAndRoundTrip() {
        List<Version> versions = List.of(Version.ZERO, Version.of(0, 1), Version.of(1, 0), Version.of(1, 4_194_303),
                Version.of(2, 0), Version.of(VersionStamp.MAX_EPOCH, (int) VersionStamp.MAX_RANK));
        for (int i = 0; i < versions.size(); i++) {
            long stamp = VersionStamp.ofCommit(versions.get(i));
            assertThat(VersionStamp.toVersion(stamp)).isEqualTo(versions.get(i));
            assertThat(stamp).isLessThanOrEqualTo(VersionStamp.MAX_STAMP).isLessThan(Long.MAX_VALUE);
            if (i > 0) {
                assertThat(stamp).isGreaterThan(VersionStamp.ofCommit(versions.get(i - 1)));
            }
        }
        assertThat(VersionStamp.text(VersionStamp.ofCommit(Version.of(7, 3)))).isEqualTo("7.3");
    }

    @Test
    void boundsClampToTheLargestStorableStampAtOrBelowThem() {
        assertThat(VersionStamp.ofBound(Version.endOf(3))).isEqualTo(VersionStamp.ofCommit(Version.of(3, 4_194_303)));
        assertThat(VersionStamp.ofBound(Version.endOf(3))).isLessThan(VersionStamp.ofCommit(Version.of(4, 0)));
        assertThat(VersionStamp.ofBound(Version.MAX)).isEqualTo(VersionStamp.MAX_STAMP);
        assertThat(VersionStamp.ofBound(Version.of(5, 2))).isEqualTo(VersionStamp.ofCommit(Version.of(5, 2)));
    }

    @Test
    void aCommitVersionThatDoesNotFitIsRefusedSayingWhichPart() {
        assertThatThrownBy(() -> VersionStamp.ofCommit(Version.of(1, 4_194_304))).hasMessageContaining("rank 4194304");
        assertThatThrownBy(() -> VersionStamp.ofCommit(Version.endOf(1))).hasMessageContaining("rank");
        assertThatThrownBy(() -> VersionStamp.ofCommit(Version.of(VersionStamp.MAX_EPOCH + 1, 0))).hasMessageContaining("epoch");
    }

    @Test
    void rowKeysSortLikeChainKeysAndRoundTrip() {
        Random random = new Random(42);
        String alphabet = "ab\u0000\u0001z\u00e9";
        List<ChainKey> keys = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            keys.add(ChainKey.of(1 + random.nextInt(3) == 1 ? "t" : word(random, alphabet, 1 + random.nextInt(3)),
                    word(random, alphabet, random.nextInt(4))));
        }
        for (ChainKey a : keys) {
            assertThat(RowKeys.chainKeyOf(RowKeys.of(a))).isEqualTo(a);
            ChainKey b = keys.get(random.nextInt(keys.size()));
            assertThat(Integer.signum(Arrays.compareUnsigned(RowKeys.of(a), RowKeys.of(b))))
                    .as("%s vs %s", a, b).isEqualTo(Integer.signum(a.compareTo(b)));
            byte[] row = RowKeys.of(a);
            assertThat(Arrays.compareUnsigned(row, RowKeys.tablePrefix(a.table()))).isGreaterThanOrEqualTo(0);
            assertThat(Arrays.compareUnsigned(row, RowKeys.tableEnd(a.table()))).isNegative();
            String other = b.table();
            if (!other.equals(a.table())) {
                boolean inOthersRange = Arrays.compareUnsigned(row, RowKeys.tablePrefix(other)) >= 0
                        && Arrays.compareUnsigned(row, RowKeys.tableEnd(other)) < 0;
                assertThat(inOthersRange).as("%s in the range of table %s", a, other).isFalse();
            }
        }
    }

    @Test
    void logRowsSortByOriginAndTheirRecordsByEpoch() {
        assertThat(Arrays.compareUnsigned(RowKeys.logRow(RegionId.of(1)), RowKeys.logRow(RegionId.of(2)))).isNegative();
        assertThat(Arrays.compareUnsigned(RowKeys.logRow(RegionId.of(2)), RowKeys.logRow(RegionId.of(256)))).isNegative();
        assertThat(RowKeys.logOrigin(RowKeys.logRow(RegionId.of(256)))).isEqualTo(RegionId.of(256));
        assertThat(Arrays.compareUnsigned(RowKeys.epochQualifier(255), RowKeys.epochQualifier(256))).isNegative();
        assertThat(RowKeys.epochOf(RowKeys.epochQualifier(256))).isEqualTo(256);
    }

    @Test
    void termsRoundTripThroughTheirCells() {
        assertThat(TermCell.decode(TermCell.encode(1))).isEqualTo(1);
        assertThat(TermCell.decode(TermCell.encode(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void qualifiersAreNeverEmptyAndRoundTrip() {
        assertThat(HBaseLayout.qualifierOf("")).containsExactly('.');
        assertThat(HBaseLayout.clusteringOf(HBaseLayout.qualifierOf(""))).isEmpty();
        assertThat(HBaseLayout.clusteringOf(HBaseLayout.qualifierOf("profile"))).isEqualTo("profile");
        assertThatThrownBy(() -> HBaseLayout.clusteringOf(new byte[0])).isInstanceOf(IllegalArgumentException.class);
    }

    private static String word(Random random, String alphabet, int length) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.toString();
    }
}
