package io.catena.wire;

/** The answer to a refused {@link Hello}, sent just before the connection is closed. */
public record Refusal(String reason) implements Frame {

    public Refusal {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("a refusal says why");
        }
    }

    @Override
    public FrameKind kind() {
        return FrameKind.REFUSAL;
    }
}
