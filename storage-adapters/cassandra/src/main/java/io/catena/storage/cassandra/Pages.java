package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Executes a query asynchronously and gathers every page of its result, without blocking. Stateless. */
final class Pages {

    private Pages() {
    }

    static CompletionStage<List<Row>> all(CqlSession session, Statement<?> statement) {
        return session.executeAsync(statement).thenCompose(first -> gather(first, new ArrayList<>()));
    }

    private static CompletionStage<List<Row>> gather(AsyncResultSet page, List<Row> rows) {
        page.currentPage().forEach(rows::add);
        if (page.hasMorePages()) {
            return page.fetchNextPage().thenCompose(next -> gather(next, rows));
        }
        return CompletableFuture.completedFuture(rows);
    }
}
