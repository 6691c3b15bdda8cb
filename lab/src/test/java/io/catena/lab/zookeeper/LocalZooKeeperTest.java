package io.catena.lab.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.server.zookeeper.CoordinatorElection;
import io.catena.server.zookeeper.LeaderTerms;
import io.catena.server.zookeeper.ZooKeeperClients;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A forked ZooKeeper server killed with SIGKILL and started again: the coordinators' election on
 * it loses its leader while the server is gone and elects one in a higher term when it is back,
 * with the terms kept on the server's disk.
 */
class LocalZooKeeperTest {

    @TempDir
    Path dir;

    @Test
    void aKilledServerComesBackWithItsTermsAndTheElectionResumesInAHigherTerm() throws Exception {
        try (LocalZooKeeper zookeeper = LocalZooKeeper.inDirectory(dir)) {
            zookeeper.start();
            BlockingQueue<String> heard = new LinkedBlockingQueue<>();
            try (CuratorFramework client = ZooKeeperClients.connect(zookeeper.connectString(), "lab", "us-east",
                    Duration.ofSeconds(20));
                 CoordinatorElection election = new CoordinatorElection(client, "/coordinator", "coordinator-0",
                         new CoordinatorElection.Listener() {
                             @Override
                             public void elected(long term) {
                                 heard.add("elected " + term);
                             }

                             @Override
                             public void deposed(long term, String why) {
                                 heard.add("deposed " + term);
                             }
                         })) {
                election.start();
                assertThat(heard.poll(20, TimeUnit.SECONDS)).isEqualTo("elected 1");

                zookeeper.kill();
                assertThat(heard.poll(20, TimeUnit.SECONDS)).as("deposed while the server is gone")
                        .isEqualTo("deposed 1");
                zookeeper.start();
                assertThat(heard.poll(30, TimeUnit.SECONDS)).as("elected again once it is back").isEqualTo("elected 2");
                assertThat(new LeaderTerms(client, "/coordinator/term").current()).isEqualTo(2);
            }
        }
    }
}
