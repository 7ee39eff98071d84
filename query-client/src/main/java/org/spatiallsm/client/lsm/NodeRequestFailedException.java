package org.spatiallsm.client.lsm;

/** A node controller refused or failed an introspection request; the message says which and why. */
public final class NodeRequestFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NodeRequestFailedException(String message) {
        super(message);
    }
}
