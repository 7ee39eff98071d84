package org.spatiallsm.organisations.grid;

/** A grid parameter (space, level densities, cells per object) a user gave wrongly; the message is one line. */
public final class InvalidGridParameterException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public InvalidGridParameterException(String message) {
        super(message);
    }
}
