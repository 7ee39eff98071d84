package org.spatiallsm.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;

import org.spatiallsm.client.QueryFailedException;
import org.spatiallsm.client.QueryServiceUnavailableException;
import org.spatiallsm.client.lsm.NodeRequestFailedException;
import org.spatiallsm.load.LoadException;

/**
 * The exit codes of generate, load and bench, and the one-line error each failure prints: a user sees
 * "error: ..." and a code a script can test, never a stack trace.
 */
public final class CommandFailures {

    public static final int OK = 0;
    /** AsterixDB refused a statement, or the dataset or feed cannot take the records. */
    public static final int REFUSED = 1;
    public static final int BAD_INPUT = 2;
    /** Nothing answers at the endpoint, a node controller does not answer, or the cluster is not ACTIVE. */
    public static final int UNREACHABLE = 3;
    public static final String NO_USABLE_CLUSTER = "3:no usable cluster: nothing answers at the endpoint, a node does "
            + "not answer, or the cluster is not ACTIVE (a node is down)";
    /** The load ran but the dataset does not hold everything that was sent. */
    public static final int NOT_VERIFIED = 4;

    private CommandFailures() {
    }

    public static int run(PrintWriter err, Callable<Integer> command) {
        try {
            return command.call();
        } catch (IllegalArgumentException e) {
            return fail(err, e.getMessage(), BAD_INPUT);
        } catch (QueryServiceUnavailableException e) {
            return fail(err, e.getMessage(), UNREACHABLE);
        } catch (QueryFailedException | LoadException | NodeRequestFailedException e) {
            return fail(err, e.getMessage(), REFUSED);
        } catch (IOException | UncheckedIOException e) {
            return fail(err, "I/O failed: " + e.getMessage(), REFUSED);
        } catch (Exception e) {
            return fail(err, e.toString(), REFUSED);
        }
    }

    private static int fail(PrintWriter err, String message, int code) {
        err.println("error: " + message);
        err.flush();
        return code;
    }
}
