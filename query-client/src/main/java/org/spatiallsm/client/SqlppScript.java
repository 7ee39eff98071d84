package org.spatiallsm.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file of SQL++ statements, split so that each statement can be sent as a request of its own: AsterixDB's query
 * service answers a request of several statements with the results of the last one only.
 *
 * <p>A semicolon ends a statement unless it is inside a string literal ({@code '...'}, {@code "..."}), a quoted
 * identifier ({@code `...`}) or a comment ({@code --} and {@code //} to the end of the line, {@code /* ... *&#47;}
 * nested), as in AsterixDB 0.9.8's lexer. Statements that set up the statements after them in the same request
 * ({@code USE}, {@code SET}, {@code DECLARE FUNCTION}) are repeated in front of every later statement; a
 * {@code DROP DATAVERSE} of the dataverse in use ends its {@code USE}, as AsterixDB does.
 */
public final class SqlppScript {

    /**
     * One statement of the script.
     *
     * @param number from 1, in the order of the file
     * @param line the line of the file it starts on, from 1
     * @param column the column of the file it starts at, from 1
     * @param text as written, comments inside it included, up to and including its semicolon
     * @param session the session statements in force (USE, SET, DECLARE FUNCTION), on one line; empty if none
     */
    public record Statement(int number, int line, int column, String text, String session) {

        /**
         * What to send to run it: the session statements, then the statement at the line and column where it stands
         * in the file (blank lines and blanks in front), so that the line and column of an error AsterixDB reports
         * are the file's. Only when the session does not fit in front of a statement that shares the file's first
         * line with others is the statement sent after it on that line.
         */
        public String request() {
            String indent = " ".repeat(column - 1);
            if (line > 1) {
                return session + "\n".repeat(line - 1) + indent + text;
            }
            if (session.isEmpty()) {
                return indent + text;
            }
            return session.length() < column - 1 ? session + indent.substring(session.length()) + text
                    : session + " " + text;
        }

        /** The statement's start on one line, to name it in a message. */
        public String excerpt() {
            String oneLine = compact(text);
            return oneLine.length() <= 40 ? oneLine : oneLine.substring(0, 37) + "...";
        }
    }

    private static final Pattern FIRST_WORD = Pattern.compile("^[A-Za-z_]+");
    private static final Pattern USE = Pattern.compile("(?is)USE\\s+(.*?);?");
    private static final Pattern DROP_DATAVERSE =
            Pattern.compile("(?is)DROP\\s+DATAVERSE\\s+(.*?)(\\s+IF\\s+EXISTS)?\\s*;?");

    private final List<Statement> statements;

    private SqlppScript(List<Statement> statements) {
        this.statements = List.copyOf(statements);
    }

    public List<Statement> statements() {
        return statements;
    }

    public static SqlppScript parse(String source) {
        List<Statement> statements = new ArrayList<>();
        String use = null;
        List<String> settings = new ArrayList<>();
        int line = 1;
        int lineStart = 0;
        int counted = 0;
        for (int[] span : spans(source)) {
            for (; counted < span[0]; counted++) {
                if (source.charAt(counted) == '\n') {
                    line++;
                    lineStart = counted + 1;
                }
            }
            String text = source.substring(span[0], span[1]);
            List<String> session = new ArrayList<>();
            if (use != null) {
                session.add(use);
            }
            session.addAll(settings);
            statements.add(new Statement(statements.size() + 1, line, span[0] - lineStart + 1, text,
                    String.join(" ", session)));
            String compact = compact(text);
            switch (firstWord(compact)) {
                case "USE" -> use = compact;
                case "SET", "DECLARE" -> settings.add(compact);
                case "DROP" -> {
                    Matcher drop = DROP_DATAVERSE.matcher(compact);
                    if (use != null && drop.matches() && name(drop.group(1)).equals(usedDataverse(use))) {
                        use = null;
                    }
                }
                default -> {
                    // a statement that leaves the session as it is
                }
            }
        }
        return new SqlppScript(statements);
    }

    private static String usedDataverse(String use) {
        Matcher matcher = USE.matcher(use);
        return matcher.matches() ? name(matcher.group(1)) : "";
    }

    /** A dataverse name as written, without quotes and blanks: {@code `Tour`} and {@code Tour} are the same. */
    private static String name(String written) {
        return written.replace("`", "").replaceAll("\\s+", "");
    }

    private static String firstWord(String statement) {
        Matcher word = FIRST_WORD.matcher(statement);
        return word.find() ? word.group().toUpperCase(Locale.ROOT) : "";
    }

    /**
     * The [start, end) offsets of the statements: from the first character that is neither blank nor in a comment,
     * to the semicolon that ends it (included), or to the last such character of the file. An unterminated string
     * or comment runs to the end of the file and stays in the statement, so that AsterixDB reports it.
     */
    private static List<int[]> spans(String source) {
        List<int[]> spans = new ArrayList<>();
        int start = -1;
        int end = -1;
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            int next = skipComment(source, i);
            if (next > i) {
                if (next > source.length()) { // unterminated block comment
                    start = start < 0 ? i : start;
                    end = source.length();
                }
                i = Math.min(next, source.length());
                continue;
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            start = start < 0 ? i : start;
            i = c == '\'' || c == '"' || c == '`' ? endOfQuoted(source, i) : i + 1;
            end = i;
            if (c == ';') {
                if (end - start > 1) { // a lone semicolon is no statement
                    spans.add(new int[] { start, end });
                }
                start = -1;
            }
        }
        if (start >= 0) {
            spans.add(new int[] { start, end });
        }
        return spans;
    }

    /**
     * The offset after the comment that starts at {@code i}, {@code i} if none starts there, or
     * {@code source.length() + 1} for a block comment that is never closed.
     */
    private static int skipComment(String source, int i) {
        if (source.startsWith("--", i) || source.startsWith("//", i)) {
            int newline = source.indexOf('\n', i);
            return newline < 0 ? source.length() : newline;
        }
        if (!source.startsWith("/*", i)) {
            return i;
        }
        int depth = 0;
        int j = i;
        while (j < source.length()) {
            if (source.startsWith("/*", j)) {
                depth++;
                j += 2;
            } else if (source.startsWith("*/", j)) {
                depth--;
                j += 2;
                if (depth == 0) {
                    return j;
                }
            } else {
                j++;
            }
        }
        return source.length() + 1;
    }

    /** The offset after the quote that closes the one at {@code open}; a backslash escapes the next character. */
    private static int endOfQuoted(String source, int open) {
        char quote = source.charAt(open);
        int i = open + 1;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == quote) {
                return i + 1;
            } else {
                i++;
            }
        }
        return source.length();
    }

    /**
     * The statement on one line: comments become a blank, and line breaks and runs of blanks outside quotes one
     * blank; quoted text is kept as written.
     */
    static String compact(String statement) {
        StringBuilder out = new StringBuilder(statement.length());
        int i = 0;
        while (i < statement.length()) {
            char c = statement.charAt(i);
            int next = skipComment(statement, i);
            if (next > i || Character.isWhitespace(c)) {
                if (out.length() > 0 && out.charAt(out.length() - 1) != ' ') {
                    out.append(' ');
                }
                i = next > i ? Math.min(next, statement.length()) : i + 1;
            } else if (c == '\'' || c == '"' || c == '`') {
                int end = endOfQuoted(statement, i);
                out.append(statement, i, end);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString().strip();
    }
}
