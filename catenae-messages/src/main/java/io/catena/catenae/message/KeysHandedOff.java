package io.catena.catenae.message;

/**
 * Coordinator to every chain server of its region: every transaction of the epochs before
 * {@code fromEpoch} is applied in the store, so the keys that changed owner at that membership
 * epoch (and at every earlier one) may be loaded and acted on by their new owners.
 */
public record KeysHandedOff(long fromEpoch) implements CatenaMessage {
    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.KEYS_HANDED_OFF;
    }
}
