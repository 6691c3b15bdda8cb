package io.catena.tpcc;

import java.util.EnumMap;
import java.util.Map;

/**
 * Which transaction a terminal runs next: whole-percent weights that sum to 100. The standard mix
 * is the specification's minimum for every transaction but NewOrder (45 / 43 / 4 / 4 / 4); the
 * paper's evaluation also runs NewOrder alone and OrderStatus alone.
 */
public final class TpccMix {

    private final EnumMap<TpccTransaction, Integer> percents;
    private final String name;

    private TpccMix(String name, EnumMap<TpccTransaction, Integer> percents) {
        int sum = percents.values().stream().mapToInt(Integer::intValue).sum();
        if (sum != 100) {
            throw new IllegalArgumentException("the percentages of mix '" + name + "' add up to " + sum + ", not 100");
        }
        this.name = name;
        this.percents = percents;
    }

    public static TpccMix standard() {
        return parse("new-order:45,payment:43,order-status:4,delivery:4,stock-level:4").named("standard");
    }

    public static TpccMix newOrderOnly() {
        return parse("new-order:100").named("new-order");
    }

    public static TpccMix orderStatusOnly() {
        return parse("order-status:100").named("order-status");
    }

    /**
     * A mix by name ({@code standard}, {@code new-order}, {@code order-status}) or as
     * {@code label:percent,...}, e.g. {@code new-order:50,payment:50}.
     */
    public static TpccMix parse(String text) {
        switch (text) {
            case "standard":
                return standard();
            case "new-order":
                return newOrderOnly();
            case "order-status":
                return orderStatusOnly();
            default:
                break;
        }
        EnumMap<TpccTransaction, Integer> percents = new EnumMap<>(TpccTransaction.class);
        for (String part : text.split(",")) {
            String[] kv = part.trim().split(":");
            if (kv.length != 2) {
                throw new IllegalArgumentException("a mix is 'standard', 'new-order', 'order-status' or a list such as "
                        + "'new-order:45,payment:43,...', not '" + text + "'");
            }
            TpccTransaction t = TpccTransaction.byLabel(kv[0].trim());
            int percent;
            try {
                percent = Integer.parseInt(kv[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the percentage of " + t.label() + " in mix '" + text
                        + "' is not a whole number: '" + kv[1].trim() + "'");
            }
            if (percent < 0 || percents.put(t, percent) != null) {
                throw new IllegalArgumentException("mix '" + text + "' gives " + t.label()
                        + (percent < 0 ? " a negative percentage" : " twice"));
            }
        }
        return new TpccMix(text, percents);
    }

    private TpccMix named(String other) {
        return new TpccMix(other, percents);
    }

    /** The next transaction, drawn with these weights. */
    public TpccTransaction next(TpccRandom random) {
        int draw = random.uniform(1, 100);
        for (Map.Entry<TpccTransaction, Integer> e : percents.entrySet()) {
            draw -= e.getValue();
            if (draw <= 0) {
                return e.getKey();
            }
        }
        throw new IllegalStateException("percentages add up to 100, checked when the mix was made");
    }

    /** The percentage of {@code t} in this mix. */
    public int percent(TpccTransaction t) {
        return percents.getOrDefault(t, 0);
    }

    /** Whether the mix can run Delivery, after which TPC-C's condition 11 no longer applies. */
    public boolean delivers() {
        return percent(TpccTransaction.DELIVERY) > 0;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
