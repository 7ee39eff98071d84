package org.spatiallsm.client;

/** Nothing usable answered at the query-service endpoint. */
public final class QueryServiceUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public QueryServiceUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
