package org.spatiallsm.sqlpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.apache.asterix.lang.common.base.Statement;
import org.apache.asterix.lang.common.statement.DatasetDecl;
import org.junit.jupiter.api.Test;

/** The WITH records of CREATE DATASET and CREATE INDEX, as the generated parser reads them. */
class WithClauseGrammarTest {

    private static Statement parse(String statement) throws Exception {
        List<Statement> statements = new SpatialSqlppParserFactory().createParser(statement).parse();
        assertThat(statements).hasSize(1);
        return statements.get(0);
    }

    private static String dataset(String with) {
        return "CREATE DATASET D(PT) PRIMARY KEY id WITH " + with + ";";
    }

    private static String index(String with) {
        return "CREATE INDEX i ON D(loc) TYPE RTREE WITH " + with + ";";
    }

    @Test
    void aMisspelledDatasetPolicyIsNamedAndTheKnownOnesListed() {
        String known = "known policies: bigtable, binomial, concurrent, constant, constant-all, correlated-prefix, "
                + "exploring, leveled, min-latency, no-merge, prefix, tiered";
        String misspelled = "{\"merge-policy\": {\"name\": \"binomal\", \"parameters\": {\"k\": 4}}}";
        assertThatThrownBy(() -> parse(dataset(misspelled)))
                .hasMessageContaining("unknown merge policy \"binomal\"; " + known).hasMessageNotContaining("Subfield");
        assertThatThrownBy(() -> parse(dataset("{\"merge-policy\": {\"name\": \"Binomial\"}}")))
                .hasMessageContaining("unknown merge policy \"Binomial\"; " + known);
        assertThatThrownBy(() -> parse(index(misspelled)))
                .hasMessageContaining("index i: unknown merge policy \"binomal\"; " + known);
    }

    @Test
    void aDuplicateKeyIsRefusedWhereverItIs() {
        assertThatThrownBy(() -> parse(dataset(
                "{\"merge-policy\": {\"name\": \"binomial\", \"parameters\": {\"k\": 4, \"k\": 5}}}")))
                .hasMessageContaining("duplicate key \"k\" in \"merge-policy.parameters\"; give each key once");
        assertThatThrownBy(() -> parse(index(
                "{\"merge-policy\": {\"name\": \"binomial\", \"parameters\": {\"k\": 4, \"k\": 5}}}")))
                .hasMessageContaining(
                        "index i: duplicate key \"k\" in \"merge-policy.parameters\"; give each key once");
        assertThatThrownBy(() -> parse(index("{\"comparator\": \"simple\", \"comparator\": \"hilbert\"}")))
                .hasMessageContaining("index i: duplicate key \"comparator\" in the WITH record; give each key once");
    }

    @Test
    void ourDatasetPolicyIsValidatedAndStockOnesStayAsterixDbs() throws Exception {
        DatasetDecl ours = (DatasetDecl) parse(dataset("{\"merge-policy\": {\"name\": \"binomial\", \"parameters\": "
                + "{\"num-components\": 8}}}"));
        DatasetDecl stock = (DatasetDecl) parse(dataset("{\"merge-policy\": {\"name\": \"no-merge\"}}"));

        assertThat(ours.getCompactionPolicy()).isEqualTo("binomial");
        assertThat(ours.getCompactionPolicyProperties()).isEqualTo(Map.of("k", "8"));
        assertThat(stock).isNotInstanceOf(SpatialDatasetDecl.class);
        assertThat(stock.getCompactionPolicy()).isEqualTo("no-merge");
    }
}
