package org.spatiallsm.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.SqlppScript.Statement;

class SqlppScriptTest {

    private static List<String> texts(String source) {
        return SqlppScript.parse(source).statements().stream().map(Statement::text).toList();
    }

    /** What each statement runs as: its session statements, then the statement itself. */
    private static List<String> requests(String source) {
        return SqlppScript.parse(source).statements().stream()
                .map(statement -> (statement.session() + " " + statement.text()).strip()).toList();
    }

    private static List<Integer> lines(String source) {
        return SqlppScript.parse(source).statements().stream().map(Statement::line).toList();
    }

    @Test
    void splitsAtEverySemicolonBetweenStatements() {
        assertThat(texts("SELECT VALUE 1; SELECT VALUE 2;")).containsExactly("SELECT VALUE 1;", "SELECT VALUE 2;");
        assertThat(texts("SELECT VALUE 1;\nSELECT VALUE 2;\n\nSELECT VALUE 3;\n"))
                .containsExactly("SELECT VALUE 1;", "SELECT VALUE 2;", "SELECT VALUE 3;");
    }

    @Test
    void numbersStatementsInFileOrder() {
        assertThat(SqlppScript.parse("SELECT VALUE 1; SELECT VALUE 2;").statements()).extracting(Statement::number)
                .containsExactly(1, 2);
    }

    @Test
    void aLastStatementNeedsNoSemicolon() {
        assertThat(texts("SELECT VALUE 1; SELECT VALUE 2")).containsExactly("SELECT VALUE 1;", "SELECT VALUE 2");
        assertThat(texts("SELECT VALUE 2  \n -- done\n")).containsExactly("SELECT VALUE 2");
    }

    @Test
    void blankInputCommentsAndLoneSemicolonsHoldNoStatement() {
        assertThat(texts("")).isEmpty();
        assertThat(texts(" \n\t\r\n")).isEmpty();
        assertThat(texts("-- nothing; here\n// nor; here\n/* nor; here */")).isEmpty();
        assertThat(texts(";; ;\n;")).isEmpty();
        assertThat(texts("SELECT VALUE 1;;  ; SELECT VALUE 2;")).containsExactly("SELECT VALUE 1;", "SELECT VALUE 2;");
    }

    @Test
    void semicolonsInStringLiteralsDoNotSplit() {
        assertThat(texts("SELECT VALUE \"a;b\"; SELECT VALUE 'c;d';"))
                .containsExactly("SELECT VALUE \"a;b\";", "SELECT VALUE 'c;d';");
    }

    @Test
    void escapedQuotesStayInsideTheirLiteral() {
        assertThat(texts("SELECT VALUE \"say \\\"hi;\\\"\"; SELECT VALUE 'it\\'s; fine';"))
                .containsExactly("SELECT VALUE \"say \\\"hi;\\\"\";", "SELECT VALUE 'it\\'s; fine';");
        // An escaped backslash ends the escape: the quote after it closes the literal.
        assertThat(texts("SELECT VALUE \"a\\\\\"; SELECT VALUE 2;"))
                .containsExactly("SELECT VALUE \"a\\\\\";", "SELECT VALUE 2;");
    }

    @Test
    void otherQuotesInsideALiteralAreText() {
        assertThat(texts("SELECT VALUE \"it's; `x`\"; SELECT VALUE '\"; \"';"))
                .containsExactly("SELECT VALUE \"it's; `x`\";", "SELECT VALUE '\"; \"';");
    }

    @Test
    void semicolonsInQuotedIdentifiersDoNotSplit() {
        assertThat(texts("SELECT VALUE t.`a;b` FROM T t; SELECT VALUE 2;"))
                .containsExactly("SELECT VALUE t.`a;b` FROM T t;", "SELECT VALUE 2;");
    }

    @Test
    void escapePrefixedStringsAreLiteralsToo() {
        assertThat(texts("SELECT VALUE E'\\n;'; SELECT VALUE 2;")).containsExactly("SELECT VALUE E'\\n;';",
                "SELECT VALUE 2;");
    }

    @Test
    void commentMarkersInsideLiteralsAreText() {
        assertThat(texts("SELECT VALUE \"a--b;//c/*\"; SELECT VALUE 2;"))
                .containsExactly("SELECT VALUE \"a--b;//c/*\";", "SELECT VALUE 2;");
    }

    @Test
    void semicolonsInCommentsDoNotSplit() {
        assertThat(texts("SELECT VALUE 1 -- not; the end\n + 1; SELECT VALUE 2 // nor; this\n;"))
                .containsExactly("SELECT VALUE 1 -- not; the end\n + 1;", "SELECT VALUE 2 // nor; this\n;");
        assertThat(texts("SELECT /* not; the end */ VALUE 1; SELECT VALUE 2;"))
                .containsExactly("SELECT /* not; the end */ VALUE 1;", "SELECT VALUE 2;");
    }

    @Test
    void blockCommentsNestAsInAsterixDbsLexer() {
        assertThat(texts("SELECT /* a /* b; */ still; comment */ VALUE 1; SELECT VALUE 2;"))
                .containsExactly("SELECT /* a /* b; */ still; comment */ VALUE 1;", "SELECT VALUE 2;");
    }

    @Test
    void quotesInCommentsOpenNoLiteral() {
        assertThat(texts("-- it's\nSELECT VALUE 1; /* \" */ SELECT VALUE 2;"))
                .containsExactly("SELECT VALUE 1;", "SELECT VALUE 2;");
    }

    @Test
    void commentsBeforeAStatementAreNotPartOfIt() {
        assertThat(texts("-- the count\n/* of all */ SELECT VALUE 1;")).containsExactly("SELECT VALUE 1;");
    }

    @Test
    void anUnterminatedLiteralRunsToTheEndSoAsterixDbReportsIt() {
        assertThat(texts("SELECT VALUE 1; SELECT VALUE \"open; SELECT VALUE 3;"))
                .containsExactly("SELECT VALUE 1;", "SELECT VALUE \"open; SELECT VALUE 3;");
    }

    @Test
    void anUnterminatedBlockCommentIsSentSoAsterixDbReportsIt() {
        assertThat(texts("SELECT VALUE 1; /* open; SELECT VALUE 2;"))
                .containsExactly("SELECT VALUE 1;", "/* open; SELECT VALUE 2;");
        assertThat(texts("SELECT VALUE 1 /* open;")).containsExactly("SELECT VALUE 1 /* open;");
    }

    @Test
    void linesCountFromOneAndIncludeLinesInsideLiteralsAndComments() {
        assertThat(lines("SELECT VALUE 1;\n\nSELECT VALUE\n 2;  SELECT VALUE 3;")).containsExactly(1, 3, 4);
        assertThat(lines("/* a\nb */ SELECT VALUE \"x\ny\";\r\nSELECT VALUE 2;")).containsExactly(2, 4);
    }

    @Test
    void useIsRepeatedInFrontOfEveryLaterStatement() {
        assertThat(requests("USE Tour; SELECT VALUE 1; SELECT VALUE 2;"))
                .containsExactly("USE Tour;", "USE Tour; SELECT VALUE 1;", "USE Tour; SELECT VALUE 2;");
    }

    @Test
    void statementsBeforeTheFirstUseRunWithoutIt() {
        assertThat(requests("CREATE DATAVERSE Tour; USE Tour; CREATE TYPE T AS { id: int64 };"))
                .containsExactly("CREATE DATAVERSE Tour;", "USE Tour;", "USE Tour; CREATE TYPE T AS { id: int64 };");
    }

    @Test
    void aLaterUseReplacesTheEarlierOne() {
        assertThat(requests("USE A; USE B; SELECT VALUE 1;")).containsExactly("USE A;", "USE A; USE B;",
                "USE B; SELECT VALUE 1;");
    }

    @Test
    void useIsRecognisedInAnyCaseAndSentOnOneLineWithoutItsComments() {
        assertThat(requests("use -- the tour\n  `Tour`\n;\nSELECT VALUE 1;")).last()
                .isEqualTo("use `Tour` ; SELECT VALUE 1;");
    }

    @Test
    void droppingTheDataverseInUseEndsTheUse() {
        assertThat(requests("USE Tour; DROP DATAVERSE Tour; SELECT VALUE 1;")).last().isEqualTo("SELECT VALUE 1;");
        assertThat(requests("USE `Tour`; drop dataverse Tour if exists; SELECT VALUE 1;")).last()
                .isEqualTo("SELECT VALUE 1;");
        assertThat(requests("USE Tour; DROP DATAVERSE `Tour` IF EXISTS; SELECT VALUE 1;")).last()
                .isEqualTo("SELECT VALUE 1;");
    }

    @Test
    void droppingAnotherDataverseKeepsTheUse() {
        assertThat(requests("USE Tour; DROP DATAVERSE Tours; SELECT VALUE 1;")).last()
                .isEqualTo("USE Tour; SELECT VALUE 1;");
        assertThat(requests("USE Tour; DROP DATASET Tour; SELECT VALUE 1;")).last()
                .isEqualTo("USE Tour; SELECT VALUE 1;");
    }

    @Test
    void setAndDeclareFunctionAccumulateAfterTheUse() {
        assertThat(requests("SET `compiler.joinmemory` \"64MB\"; USE Tour;\nDECLARE FUNCTION twice(x) { x * 2 };\n"
                + "SELECT VALUE twice(1);")).last().isEqualTo(
                        "USE Tour; SET `compiler.joinmemory` \"64MB\"; DECLARE FUNCTION twice(x) { x * 2 }; "
                                + "SELECT VALUE twice(1);");
    }

    @Test
    void quotedTextOfARepeatedStatementIsKeptAsWritten() {
        assertThat(requests("SET `a  b` \"x  -- y\"; SELECT VALUE 1;")).last()
                .isEqualTo("SET `a  b` \"x  -- y\"; SELECT VALUE 1;");
    }

    @Test
    void aDdlSequenceRunsStatementByStatementInTheDataverse() {
        String tour = """
                CREATE DATAVERSE Tour IF NOT EXISTS;
                USE Tour;
                CREATE TYPE CheckIn AS { id: int64, location: point, message: string };
                CREATE DATASET CheckIns(CheckIn) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"k": 4}}};
                CREATE FEED CheckInFeed WITH {"adapter-name": "socket_adapter", "sockets": "127.0.0.1:10001",
                  "address-type": "IP", "type-name": "CheckIn", "format": "adm", "insert-feed": "true"};
                START FEED CheckInFeed;
                """;
        SqlppScript script = SqlppScript.parse(tour);

        assertThat(script.statements()).extracting(Statement::line).containsExactly(1, 2, 3, 4, 6, 8);
        assertThat(script.statements()).extracting(Statement::session).containsExactly("", "", "USE Tour;",
                "USE Tour;", "USE Tour;", "USE Tour;");
        assertThat(script.statements().get(3).text()).isEqualTo("CREATE DATASET CheckIns(CheckIn) PRIMARY KEY id\n"
                + "  WITH {\"merge-policy\": {\"name\": \"binomial\", \"parameters\": {\"k\": 4}}};");
    }

    @Test
    void aStatementIsSentWhereItStandsInTheFileSoAsterixDbsPositionsAreTheFiles() {
        List<Statement> statements = SqlppScript.parse("USE Tour;\n\n  SELECT\n  VALUE 1\n;").statements();

        assertThat(statements.get(1).line()).isEqualTo(3);
        assertThat(statements.get(1).column()).isEqualTo(3);
        assertThat(statements.get(1).request()).isEqualTo("USE Tour;\n\n  SELECT\n  VALUE 1\n;");
        assertThat(SqlppScript.parse("\n SELECT VALUE 1;").statements().get(0).request())
                .isEqualTo("\n SELECT VALUE 1;");
    }

    @Test
    void onTheFirstLineTheSessionStandsInTheColumnsBeforeTheStatement() {
        assertThat(SqlppScript.parse("USE Tour;   SELECT VALUE 1;").statements().get(1).request())
                .isEqualTo("USE Tour;   SELECT VALUE 1;");
        assertThat(SqlppScript.parse("USE A; USE B; SELECT VALUE 1;").statements().get(2).request())
                .isEqualTo("USE B;        SELECT VALUE 1;");
        assertThat(SqlppScript.parse("use /* x */ A;SELECT VALUE 1;").statements().get(1).request())
                .isEqualTo("use A;        SELECT VALUE 1;");
        assertThat(SqlppScript.parse("SET a \"b\";SET c \"d\";SELECT VALUE 1;").statements().get(2).request())
                .as("does not fit: sent after the session").isEqualTo("SET a \"b\"; SET c \"d\"; SELECT VALUE 1;");
    }

    @Test
    void theExcerptIsTheStatementsStartOnOneLine() {
        List<Statement> statements = SqlppScript.parse("SELECT VALUE 1;\nSELECT c.id, c.location -- where\n"
                + "  FROM CheckIns c WHERE c.id > 10;").statements();
        assertThat(statements.get(0).excerpt()).isEqualTo("SELECT VALUE 1;");
        assertThat(statements.get(1).excerpt()).isEqualTo("SELECT c.id, c.location FROM CheckIns...")
                .hasSize(40);
    }

    @Test
    void compactKeepsLiteralsAndDropsComments() {
        assertThat(SqlppScript.compact("SELECT /* x */ VALUE\n\t\"a\n  b\" -- end\n;"))
                .isEqualTo("SELECT VALUE \"a\n  b\" ;");
    }
}
