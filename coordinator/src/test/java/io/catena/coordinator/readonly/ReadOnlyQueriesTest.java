package io.catena.coordinator.readonly;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.coordinator.CoordinatorContext;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.membership.KeyPositions;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.message.Message;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.TxnReply;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.Outcome;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's half of read-only transactions, with the chain servers played by hand: rows
 * and whole partitions are asked of the servers that hold them, read at one snapshot, and handed
 * back in the order asked, or refused when the answer could not fit in a frame.
 */
class ReadOnlyQueriesTest {

    private static final RegionId REGION = RegionId.of(0);
    private static final NodeId CLIENT = NodeId.client(REGION, 1);
    private static final NodeId SERVER_0 = NodeId.chainServer(REGION, 0);
    private static final NodeId SERVER_1 = NodeId.chainServer(REGION, 1);
    /** Tables starting with "a" sit at position 0 and live on server 0, the others at 1, on server 1. */
    private static final KeyPositions BY_TABLE = new KeyPositions() {
        @Override
        public String scheme() {
            return "by-table";
        }

        @Override
        public byte[] positionOf(ChainKey key) {
            return new byte[] {(byte) (key.table().startsWith("a") ? 0 : 1)};
        }
    };
    private static final MembershipHistory HISTORY = MembershipHistory.initial(BY_TABLE, new OwnershipMap("by-table",
            List.of(new KeyRange(new byte[0], 0), new KeyRange(new byte[] {1}, 1))));
    private static final RowKey ALICE = RowKey.of("accounts", "alice");
    private static final ChainKey ORDERS = ChainKey.of("orders", "d7");
    private static final ChainKey NO_ORDERS = ChainKey.of("orders", "d8");
    private static final ChainKey AUDIT = ChainKey.of("audit", "2026");
    private static final long EPOCH_MICROS = 10_000;

    private final List<Object[]> sent = new ArrayList<>();
    private ReadOnlyQueries queries = queries(ClusterConfig.builder().build());

    private ReadOnlyQueries queries(ClusterConfig config) {
        // Read-only queries never touch the coordinator's storage.
        StoragePort noStorage = (StoragePort) Proxy.newProxyInstance(StoragePort.class.getClassLoader(),
                new Class<?>[] {StoragePort.class}, (proxy, method, args) -> {
                    throw new AssertionError("storage used: " + method.getName());
                });
        NodePorts ports = new NodePorts((to, m) -> sent.add(new Object[] {to, m}), noStorage, WorkMeter.NONE);
        return new ReadOnlyQueries(new CoordinatorContext(config, HISTORY, REGION, ProcedureRegistry.empty(), ports));
    }

    @Test
    void rowsAndPartitionsAreReadAtTheOldestStableVersionAndAnsweredInTheOrderAsked() {
        queries.onSubmit(0, CLIENT, new SubmitReadOnly(new RequestId(1, 1), List.of(ALICE), Version.ZERO,
                List.of(ORDERS, AUDIT, NO_ORDERS, ORDERS)));

        SnapshotRead toServer0 = read(SERVER_0);
        SnapshotRead toServer1 = read(SERVER_1);
        assertThat(toServer0).isEqualTo(new SnapshotRead(1, List.of(ALICE), null, List.of(AUDIT)));
        assertThat(toServer1).as("a partition asked twice is read once")
                .isEqualTo(new SnapshotRead(1, List.of(), null, List.of(ORDERS, NO_ORDERS)));

        // Server 1 is stable further than server 0: it reads again at the older snapshot.
        queries.onReply(1, new SnapshotReply(1, 1, Version.of(9, 0), List.of(order("o1", 1), order("o2", 2))));
        queries.onReply(2, new SnapshotReply(1, 0, Version.of(7, 3), List.of(
                new ReadResult(ALICE, Row.of("balance", 5)), new ReadResult(RowKey.of("audit", "2026", "q1"), Row.of("n", 1)))));
        assertThat(read(SERVER_1)).isEqualTo(new SnapshotRead(1, List.of(), Version.of(7, 3), List.of(ORDERS, NO_ORDERS)));
        assertThat(sent).as("no answer before every server read at the snapshot").isEmpty();
        queries.onReply(3, new SnapshotReply(1, 1, Version.of(7, 3), List.of(order("o1", 1))));

        TxnReply answer = answer();
        assertThat(answer.version()).isEqualTo(Version.of(7, 3));
        assertThat(answer.result().outcome()).isEqualTo(Outcome.COMMITTED);
        assertThat(answer.result().reads()).containsExactly(new ReadResult(ALICE, Row.of("balance", 5)),
                order("o1", 1), new ReadResult(RowKey.of("audit", "2026", "q1"), Row.of("n", 1)));
    }

    @Test
    void aPartitionOlderThanTheKeptHistoryIsReadAgainAnEpochLater() {
        queries.onSubmit(0, CLIENT, new SubmitReadOnly(new RequestId(1, 2), List.of(), Version.ZERO, List.of(ORDERS)));
        read(SERVER_1);

        queries.onReply(5, new SnapshotReply(1, 1, null, List.of()));
        assertThat(sent).isEmpty();
        assertThat(queries.nextWakeupMicros()).isEqualTo(5 + EPOCH_MICROS);
        queries.onWakeup(5 + EPOCH_MICROS);

        assertThat(read(SERVER_1)).as("asked afresh, for its stable version, as a new round")
                .isEqualTo(new SnapshotRead(2, List.of(), null, List.of(ORDERS)));
        queries.onReply(6 + EPOCH_MICROS, new SnapshotReply(2, 1, Version.of(12, 0), List.of()));
        TxnReply answer = answer();
        assertThat(answer.version()).isEqualTo(Version.of(12, 0));
        assertThat(answer.result().reads()).as("an empty partition is an empty answer").isEmpty();
    }

    @Test
    void aSnapshotBelowTheClientsFloorWaitsAnEpoch() {
        queries.onSubmit(0, CLIENT, new SubmitReadOnly(new RequestId(1, 3), List.of(), Version.of(12, 0), List.of(ORDERS)));
        read(SERVER_1);

        queries.onReply(1, new SnapshotReply(1, 1, Version.of(11, 4), List.of(order("o1", 1))));
        assertThat(sent).isEmpty();
        queries.onWakeup(1 + EPOCH_MICROS);
        read(SERVER_1);
        queries.onReply(2 + EPOCH_MICROS, new SnapshotReply(2, 1, Version.of(12, 0), List.of(order("o1", 1))));
        assertThat(answer().version()).isEqualTo(Version.of(12, 0));
    }

    @Test
    void anAnswerToTheRoundBeforeAReadAgainIsNotCountedInIt() {
        queries.onSubmit(0, CLIENT, new SubmitReadOnly(new RequestId(1, 7), List.of(ALICE), Version.ZERO, List.of(ORDERS)));
        read(SERVER_0);
        read(SERVER_1);
        queries.onReply(1, new SnapshotReply(1, 0, null, List.of()));
        queries.onWakeup(1 + EPOCH_MICROS);
        assertThat(read(SERVER_0).queryId()).isEqualTo(2);
        assertThat(read(SERVER_1).queryId()).isEqualTo(2);

        // Server 1's answer to the first round, slow (it was loading the partition), comes now.
        queries.onReply(2 + EPOCH_MICROS, new SnapshotReply(1, 1, Version.of(8, 0), List.of(order("o1", 1))));
        queries.onReply(3 + EPOCH_MICROS, new SnapshotReply(2, 1, Version.of(9, 0), List.of(order("o1", 1))));
        assertThat(sent).as("server 0 has not answered this round").isEmpty();
        queries.onReply(4 + EPOCH_MICROS, new SnapshotReply(2, 0, Version.of(9, 0),
                List.of(new ReadResult(ALICE, Row.of("balance", 5)))));

        TxnReply answer = answer();
        assertThat(answer.version()).isEqualTo(Version.of(9, 0));
        assertThat(answer.result().reads()).containsExactly(new ReadResult(ALICE, Row.of("balance", 5)), order("o1", 1));
    }

    @Test
    void readsOfNothingOrOfAReservedTableAreRejectedWithoutAskingAnyServer() {
        queries.onSubmit(0, CLIENT, new SubmitReadOnly(new RequestId(1, 4), List.of(), Version.ZERO, List.of()));
        queries.onSubmit(0, CLIENT, new SubmitReadOnly(new RequestId(1, 5), List.of(ALICE), Version.ZERO,
                List.of(ChainKey.of("__catena_answers", "0"))));

        TxnReply nothing = answer();
        TxnReply reserved = answer();
        assertThat(nothing.result().reason()).isEqualTo("a read-only transaction reads at least one row or partition");
        assertThat(reserved.result().outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(reserved.result().reason()).isEqualTo("table __catena_answers is reserved for Catena's own use");
        assertThat(reserved.version()).isNull();
        assertThat(sent).isEmpty();
    }

    @Test
    void anAnswerLargerThanAnyFrameARegionMustAcceptIsRefusedWithItsSize() {
        queries = queries(ClusterConfig.builder().maxTransactionBytes(1024).maxRecordBytes(4096)
                .maxEpochMessageBytes(8192).build());
        queries.onSubmit(0, CLIENT, new SubmitReadOnly(new RequestId(1, 6), List.of(), Version.ZERO, List.of(ORDERS)));
        read(SERVER_1);
        List<ReadResult> rows = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            rows.add(new ReadResult(new RowKey(ORDERS, "o" + i), Row.of("note", "x".repeat(1_000))));
        }

        queries.onReply(1, new SnapshotReply(1, 1, Version.of(3, 0), rows));

        TxnReply answer = answer();
        assertThat(answer.result().outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(answer.result().reason()).startsWith("the snapshot read's answer would take up to ")
                .contains("more than the 65536 bytes of the largest frame every region accepts");
        assertThat(answer.version()).isNull();
    }

    private static ReadResult order(String clustering, long lines) {
        return new ReadResult(new RowKey(ORDERS, clustering), Row.of("lines", lines));
    }

    private SnapshotRead read(NodeId server) {
        return take(server, SnapshotRead.class);
    }

    private TxnReply answer() {
        return take(CLIENT, TxnReply.class);
    }

    private <M extends Message> M take(NodeId to, Class<M> type) {
        for (int i = 0; i < sent.size(); i++) {
            if (sent.get(i)[0].equals(to)) {
                return type.cast(sent.remove(i)[1]);
            }
        }
        throw new AssertionError("nothing sent to " + to + " among " + sent.stream().map(o -> o[1]).toList());
    }
}
