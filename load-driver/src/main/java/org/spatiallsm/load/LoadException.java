package org.spatiallsm.load;

/** The load cannot go on (or did not end well); the message is one line meant for the user. */
public class LoadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public LoadException(String message) {
        super(message);
    }

    public LoadException(String message, Throwable cause) {
        super(message, cause);
    }
}
