package io.catena.harness.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every workload parameter refuses what it does not accept in one sentence, and takes its bounds. */
class WorkloadParamsTest {

    private static final String HOPS = " (a transaction touches at most 64 partitions)";
    private static final String WHOLE = " must be a whole number from ";
    private static final String SHARE = " must be a number from 0 to 1, not ";

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "kv:records=-5                 | workload kv: records" + WHOLE + "1 to 2147483647, not -5",
        "kv:records=0                  | workload kv: records" + WHOLE + "1 to 2147483647, not 0",
        "kv:records=ten                | workload kv: records" + WHOLE + "1 to 2147483647, not ten",
        "kv:records=3000000000         | workload kv: records" + WHOLE + "1 to 2147483647, not 3000000000",
        "kv:min=0                      | workload kv: min" + WHOLE + "1 to 64" + HOPS + ", not 0",
        "kv:min=3,max=2                | workload kv: max" + WHOLE + "3 to 64" + HOPS + ", not 2",
        "kv:max=65                     | workload kv: max" + WHOLE + "1 to 64" + HOPS + ", not 65",
        "kv:write=1.5                  | workload kv: write" + SHARE + "1.5",
        "kv:ro=-0.1                    | workload kv: ro" + SHARE + "-0.1",
        "kv:ro=NaN                     | workload kv: ro" + SHARE + "NaN",
        "kv:writes=sometimes           | workload kv: writes must be rmw or blind, not sometimes",
        "kv:dist=zipf3                 | workload kv: dist must be uniform, zipf1, zipf2 or zipf:THETA with THETA a "
                + "number above 0, not zipf3",
        "kv:dist=zipf:0                | workload kv: dist must be uniform, zipf1, zipf2 or zipf:THETA with THETA a "
                + "number above 0, not zipf:0",
        "kv:dist=zipf:x                | workload kv: dist must be uniform, zipf1, zipf2 or zipf:THETA with THETA a "
                + "number above 0, not zipf:x",
        "kv:recs=5                     | workload kv: there is no parameter 'recs'; its parameters are records, min, "
                + "max, dist, write, ro, writes, pad, padShare",
        "kv:records                    | workload kv: parameter 'records' must be written key=value",
        "kv:pad=1                      | workload kv: pad must be 0 (off) or a whole number from 2 to 2147483647, not 1",
        "kv:pad=-3                     | workload kv: pad must be 0 (off) or a whole number from 2 to 2147483647, "
                + "not -3",
        "kv:pad=100,padShare=2         | workload kv: padShare" + SHARE + "2",
        "list-append:keys=0            | workload list-append: keys" + WHOLE + "1 to 2147483647, not 0",
        "list-append:ops=0             | workload list-append: ops" + WHOLE + "1 to 63" + HOPS + ", not 0",
        "list-append:ops=64            | workload list-append: ops" + WHOLE + "1 to 63" + HOPS + ", not 64",
        "list-append:ro=2              | workload list-append: ro" + SHARE + "2",
        "list-append:insert=-1         | workload list-append: insert" + SHARE + "-1",
        "list-append:claims=0          | workload list-append: claims" + WHOLE + "1 to 2147483647, not 0",
        "list-append:dist=zipf:-1      | workload list-append: dist must be uniform, zipf1, zipf2 or zipf:THETA with "
                + "THETA a number above 0, not zipf:-1",
        "bank:accounts=1               | workload bank: accounts" + WHOLE + "2 to 2147483647, not 1",
        "bank:split=0.5,accounts=2     | workload bank: accounts" + WHOLE + "3 to 2147483647 when split is above 0, "
                + "not 2",
        "bank:audit=1.1                | workload bank: audit" + SHARE + "1.1",
        "bank:lookup=x                 | workload bank: lookup" + SHARE + "x",
        "bank:split=2                  | workload bank: split" + SHARE + "2",
        "bank:calls=-1                 | workload bank: calls" + SHARE + "-1",
        "bank:branches=-1              | workload bank: branches" + WHOLE + "0 to 2147483647, not -1",
        "bank:balance=-5               | workload bank: balance" + WHOLE + "0 to 2147483647, not -5",
        "bank:auditBy=tables           | workload bank: auditBy must be rows, partitions or mixed, not tables",
        "bank:payer=middle             | workload bank: payer must be first or last, not middle",
    })
    void aValueOutsideWhatAParameterAcceptsIsNamedWithWhatItAccepts(String spec, String message) {
        assertThatThrownBy(() -> WorkloadSpec.parse(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"kv:records=1,min=64,max=64", "kv:min=5", "kv:dist=zipf:0.5,write=0,ro=1",
        "list-append:ops=63,insert=1,claims=1", "bank:accounts=2", "bank:split=1,accounts=3",
        "bank:balance=0,branches=0", "kv:pad=2,padShare=1", "list-append:pad=0"})
    void everyBoundIsItselfAccepted(String spec) {
        assertThat(WorkloadSpec.parse(spec).create(1).name()).isNotBlank();
    }
}
