package org.spatiallsm.storage;

/** A WITH clause names an option, parameter or value that does not exist or does not fit; one-line message. */
public final class InvalidStorageOptionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InvalidStorageOptionException(String message) {
        super(message);
    }
}
