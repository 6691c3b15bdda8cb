package io.catena.wire.codec;

import io.catena.core.message.MessageKind;
import io.catena.core.message.MessageType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Every message kind the codec knows, by wire id: core's ({@link MessageType}) and those of each
 * protocol's {@link PluginSchema} found on the classpath, so that adding a protocol edits no
 * file of this module. Two kinds with one wire id are refused when the table is built, naming
 * both, since either could be decoded as the other. Immutable and thread-safe.
 */
final class MessageKinds {

    private final MessageKind[] byWireId;
    private final PluginSchema[] schemaByWireId;

    private MessageKinds(MessageKind[] byWireId, PluginSchema[] schemaByWireId) {
        this.byWireId = byWireId;
        this.schemaByWireId = schemaByWireId;
    }

    /** Core's kinds and those of the schemas registered in {@code META-INF/services}. */
    static MessageKinds onClasspath() {
        return of(ServiceLoader.load(PluginSchema.class, PluginSchema.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get).toList());
    }

    static MessageKinds of(List<PluginSchema> schemas) {
        Map<Integer, MessageKind> kinds = new HashMap<>();
        Map<Integer, PluginSchema> schemaById = new HashMap<>();
        for (MessageType t : MessageType.values()) {
            kinds.put(t.wireId(), t);
        }
        for (PluginSchema schema : schemas) {
            for (MessageKind k : schema.kinds()) {
                MessageKind taken = kinds.putIfAbsent(k.wireId(), k);
                if (taken != null) {
                    throw new IllegalStateException("message kinds " + taken.name() + " and " + k.name()
                            + " both claim wire id " + k.wireId() + ", so the codec could not tell them apart");
                }
                schemaById.put(k.wireId(), schema);
            }
        }
        int size = kinds.keySet().stream().mapToInt(Integer::intValue).max().orElse(0) + 1;
        MessageKind[] byWireId = new MessageKind[size];
        PluginSchema[] schemaByWireId = new PluginSchema[size];
        kinds.forEach((id, kind) -> byWireId[id] = kind);
        schemaById.forEach((id, schema) -> schemaByWireId[id] = schema);
        return new MessageKinds(byWireId, schemaByWireId);
    }

    /** The kind with this wire id, or null if none has it. */
    MessageKind kind(int wireId) {
        return wireId >= 0 && wireId < byWireId.length ? byWireId[wireId] : null;
    }

    /** The schema of a plug-in's kind, or null for core's kinds and unknown ids. */
    PluginSchema schema(MessageKind kind) {
        int id = kind.wireId();
        return id >= 0 && id < schemaByWireId.length && byWireId[id] == kind ? schemaByWireId[id] : null;
    }
}
