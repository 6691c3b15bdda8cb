package io.catena.simulation.engine;

/**
 * A running fingerprint of everything a run did (every message delivered, with its time and
 * endpoints). Two runs of one seed must end with the same fingerprint: that is the lock-step
 * check of determinism. Optionally keeps the first lines for a readable diff.
 */
public final class Trace {

    private final int keepLines;
    private final StringBuilder lines = new StringBuilder();
    private int kept;
    private long hash = 0xcbf29ce484222325L;
    private long count;

    public Trace(int keepLines) {
        this.keepLines = keepLines;
    }

    public void record(long timeMicros, String event) {
        count++;
        mix(timeMicros);
        for (int i = 0; i < event.length(); i++) {
            hash = (hash ^ event.charAt(i)) * 0x100000001b3L;
        }
        if (kept < keepLines) {
            kept++;
            lines.append(timeMicros).append(' ').append(event).append('\n');
        }
    }

    private void mix(long v) {
        for (int i = 0; i < 8; i++) {
            hash = (hash ^ (v & 0xff)) * 0x100000001b3L;
            v >>>= 8;
        }
    }

    public long fingerprint() {
        return hash;
    }

    public long events() {
        return count;
    }

    public String firstLines() {
        return lines.toString();
    }
}
