package org.spatiallsm.sqlpp;

import org.apache.asterix.common.exceptions.CompilationException;
import org.apache.asterix.common.exceptions.ErrorCode;
import org.apache.asterix.lang.sqlpp.parser.SqlppParseException;

/**
 * Errors in a statement's options, raised while the parser builds the statement but not syntax errors. The generated
 * parser reports a parse exception as {@code ASX1001: Syntax error: ... (in line 1, at column 1)}, unless its cause
 * carries an AsterixDB error code: then it reports that code with the cause's parameters. These exceptions carry
 * one, and no source location (the statement itself is named by whoever runs it), so the user sees one plain line.
 */
final class OptionErrors {

    private OptionErrors() {
    }

    /** {@code ASX1079: Compilation error: <message>}. */
    static SqlppParseException invalid(String message) {
        return withCode(new CompilationException(ErrorCode.COMPILATION_ERROR, message));
    }

    /** AsterixDB's own error about a WITH record (an unsupported field, a wrong type), with its own code. */
    static SqlppParseException stock(CompilationException error) {
        return error.getError().isPresent() && error.getError().get() instanceof ErrorCode ? withCode(error)
                : invalid(error.getMessage());
    }

    private static SqlppParseException withCode(CompilationException cause) {
        SqlppParseException parseException = new SqlppParseException(null, cause.getMessage());
        parseException.initCause(cause);
        return parseException;
    }
}
