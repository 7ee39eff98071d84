package org.spatiallsm.client;

/** The service answered, but the statements failed; the message is AsterixDB's own error text. */
public final class QueryFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient QueryResult result;

    public QueryFailedException(QueryResult result) {
        super("query " + result.status() + ": " + String.join("; ", result.errors()));
        this.result = result;
    }

    public QueryResult result() {
        return result;
    }
}
