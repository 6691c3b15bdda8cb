package io.catena.core.protocol;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * Which protocol a cluster runs, by its plug-in's {@link ProtocolPlugin#name() name}: the choice
 * that hosts, configuration and commands carry. It lists no protocol but Catena, the product's
 * own and the default: the others are whatever plug-ins the class path holds, so adding a
 * protocol touches neither this type nor any other protocol's module.
 *
 * @param name the name on the command line and in configuration, such as {@code catena}
 */
public record Protocol(String name) {

    /** Catena: epochs, transaction chains, local read-only transactions. */
    public static final Protocol CATENA = new Protocol("catena");

    public Protocol {
        Objects.requireNonNull(name, "name");
    }

    /**
     * The protocol's plug-in, found on the class path by its name: each protocol's module
     * registers its own, so adding a protocol touches no host.
     */
    public ProtocolPlugin plugin() {
        for (ProtocolPlugin p : plugins()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalStateException("protocol " + name + " has no plug-in on the class path; "
                + "the module that registers it in META-INF/services/" + ProtocolPlugin.class.getName()
                + " must ship with the host");
    }

    /**
     * The protocol named {@code text} (any case, surrounding blanks ignored), if a plug-in on the
     * class path has that name.
     */
    public static Protocol parse(String text) {
        String n = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        List<String> names = names();
        if (!names.contains(n)) {
            throw new IllegalArgumentException("unknown protocol '" + text + "'; expected one of "
                    + String.join(", ", names));
        }
        return new Protocol(n);
    }

    /**
     * The names of the plug-ins on the class path: Catena first, then the others alphabetically,
     * so that messages do not depend on the order of the class path.
     */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (ProtocolPlugin p : plugins()) {
            if (!names.contains(p.name())) {
                names.add(p.name());
            }
        }
        names.sort(Comparator.comparing((String n) -> !n.equals(CATENA.name)).thenComparing(Comparator.naturalOrder()));
        return List.copyOf(names);
    }

    private static ServiceLoader<ProtocolPlugin> plugins() {
        return ServiceLoader.load(ProtocolPlugin.class, Protocol.class.getClassLoader());
    }

    @Override
    public String toString() {
        return name;
    }
}
