package io.catena.lab.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import org.junit.jupiter.api.Test;

/** What {@code catena region --preload tpcc...} loads. */
class TpccPreloadTest {

    @Test
    void theDefaultsAreThoseOfCatenaTpcc() {
        TpccPreload preload = TpccPreload.parse("tpcc");
        assertThat(preload.scale()).isEqualTo(TpccScale.standard(2));
        assertThat(preload.seed()).isEqualTo(1);
    }

    @Test
    void readsEveryKey() {
        TpccPreload preload = TpccPreload.parse("tpcc:warehouses=1, customers=30,items=100,seed=-7,");
        assertThat(preload.scale()).isEqualTo(new TpccScale(1, TpccScale.STANDARD_DISTRICTS, 30, 100));
        assertThat(preload.seed()).isEqualTo(-7);
    }

    @Test
    void loadsTheSameRowsEveryTime() {
        TpccPreload preload = TpccPreload.parse("tpcc:warehouses=1,customers=30,items=100");
        assertThat(preload.rows()).isEqualTo(preload.rows())
                .containsKey(TpccSchema.district(1, 10)).doesNotContainKey(TpccSchema.district(2, 1));
    }

    @Test
    void tellsTpccFromSimulatorWorkloads() {
        assertThat(TpccPreload.names("tpcc")).isTrue();
        assertThat(TpccPreload.names("tpcc:warehouses=1")).isTrue();
        assertThat(TpccPreload.names("tpccx")).isFalse();
        assertThat(TpccPreload.names("bank:accounts=10")).isFalse();
    }

    @Test
    void refusesWhatItCannotLoadInOneSentence() {
        assertThatThrownBy(() -> TpccPreload.parse("tpcc:warehouse=2"))
                .hasMessage("TPC-C preload parameter 'warehouse=2' is not one of warehouses, customers, items, seed "
                        + "as key=value");
        assertThatThrownBy(() -> TpccPreload.parse("tpcc:items=lots"))
                .hasMessage("TPC-C preload parameter items=lots is not a whole number");
        assertThatThrownBy(() -> TpccPreload.parse("tpcc:customers=5"))
                .hasMessage("customers per district must be 10-3000, got 5");
    }
}
