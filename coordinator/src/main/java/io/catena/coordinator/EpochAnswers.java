package io.catena.coordinator;

import io.catena.coordinator.client.AnswerCodec;
import io.catena.core.id.RequestId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The answers of one epoch's own transactions, gathered as they are decided so that they are
 * persisted in one write once the last is known (conflicting transactions are decided after the
 * others of their epoch).
 */
final class EpochAnswers {

    private final int expected;
    private final Map<RequestId, AnswerCodec.Answer> byRequest = new LinkedHashMap<>();

    EpochAnswers(int expected) {
        this.expected = expected;
    }

    /** Adds an answer; false if the epoch's answers are all in, or this request's already is. */
    boolean add(RequestId request, AnswerCodec.Answer answer) {
        return !complete() && byRequest.putIfAbsent(request, answer) == null;
    }

    boolean complete() {
        return byRequest.size() == expected;
    }

    Map<RequestId, AnswerCodec.Answer> byRequest() {
        return Collections.unmodifiableMap(byRequest);
    }
}
