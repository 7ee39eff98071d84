package org.spatiallsm.sqlpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.apache.asterix.common.config.DatasetConfig.IndexType;
import org.apache.asterix.lang.common.base.Statement;
import org.apache.asterix.lang.common.statement.CreateIndexStatement;
import org.junit.jupiter.api.Test;
import org.spatiallsm.storage.IndexOrganisation;
import org.spatiallsm.storage.IndexStorageOptions;

/** The generated parser reads every organisation type into a logical R-tree that carries its organisation. */
class OrganisationTypeGrammarTest {

    private static SpatialCreateIndexStatement parse(String statement) throws Exception {
        List<Statement> statements = new SpatialSqlppParserFactory().createParser(statement).parse();
        assertThat(statements).hasSize(1);
        return (SpatialCreateIndexStatement) statements.get(0);
    }

    @Test
    void hilbertTreesAreLogicalRTrees() throws Exception {
        SpatialCreateIndexStatement dhvb = parse("CREATE INDEX dhvbLoc ON Tweets(location) TYPE DHVBTREE;");
        SpatialCreateIndexStatement dhb = parse("CREATE INDEX dhbLoc ON Tweets(location) TYPE dhbtree;");

        assertThat(dhvb.getIndexType()).isEqualTo(IndexType.RTREE);
        assertThat(dhvb.storageOptions().organisation()).contains(IndexOrganisation.of("dhvb"));
        assertThat(dhb.storageOptions().organisation()).contains(IndexOrganisation.of("dhb"));
    }

    @Test
    void gridParametersWithSignsAndLettersAndAMergePolicy() throws Exception {
        SpatialCreateIndexStatement shb = parse("CREATE INDEX shbArea ON Houses(area) TYPE SHBTREE(-180.0, -90.0, "
                + "180, +90.0, l, l, l, l, h, m, 512) WITH {\"merge-policy\": {\"name\": \"binomial\"}};");

        IndexStorageOptions options = shb.storageOptions();
        assertThat(shb.getIndexType()).isEqualTo(IndexType.RTREE);
        assertThat(options.organisation()).contains(new IndexOrganisation("shb",
                Map.of("space", "-180,-90,180,90", "densities", "l,l,l,l,h,m", "cells-per-object", "512")));
        assertThat(options.mergePolicy()).isPresent();
        assertThat(parse("CREATE INDEX sifLoc ON Tweets(location) TYPE SIF(-180.0, -90.0, 180.0, 90.0);")
                .storageOptions().organisation()).contains(new IndexOrganisation("sif",
                        Map.of("space", "-180,-90,180,90", "densities", "l,l,l,l,h,m")));
    }

    @Test
    void stockTypesAreUnchanged() throws Exception {
        CreateIndexStatement rtree = parse("CREATE INDEX loc ON Tweets(location) TYPE RTREE;");
        SpatialCreateIndexStatement ngram = parse("CREATE INDEX ng ON Tweets(text) TYPE NGRAM(3);");

        assertThat(rtree.getIndexType()).isEqualTo(IndexType.RTREE);
        assertThat(((SpatialCreateIndexStatement) rtree).storageOptions()).isEqualTo(IndexStorageOptions.NONE);
        assertThat(ngram.getIndexType()).isEqualTo(IndexType.LENGTH_PARTITIONED_NGRAM_INVIX);
        assertThat(ngram.getGramLength()).isEqualTo(3);
    }

    @Test
    void errorsNameTheIndexInOneLine() {
        assertThatThrownBy(() -> parse("CREATE INDEX q ON Tweets(location) TYPE QUADTREE;"))
                .hasMessageContaining("index q: unknown index type QUADTREE; allowed: BTREE, RTREE")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> parse("CREATE INDEX s ON Tweets(location) TYPE SHBTREE(180, -90, -180, 90);"))
                .hasMessageContaining("index s: TYPE SHBTREE: grid space 180,-90,-180,90 must have x1 < x2");
        assertThatThrownBy(() -> parse("CREATE INDEX d ON Tweets(location) TYPE DHVBTREE "
                + "WITH {\"comparator\": \"hilbert\"};"))
                .hasMessageContaining("index d: option \"comparator\" does not apply to a DHVBTREE index");
    }

    @Test
    void optionErrorsAreNotSyntaxErrorsAndCarryNoPosition() {
        assertThatThrownBy(() -> parse("CREATE INDEX c ON Tweets(location) TYPE RTREE WITH {\"colour\": \"red\"};"))
                .hasMessage("ASX1079: Compilation error: index c: unknown index option \"colour\"; allowed: "
                        + "merge-policy, comparator, partitioning");
        assertThatThrownBy(() -> parse("CREATE DATASET D(T) PRIMARY KEY id WITH {\"merge-policy\": "
                + "{\"name\": \"binomial\", \"parameters\": {\"k\": 0}}};"))
                .hasMessage("ASX1079: Compilation error: merge policy 'binomial': invalid value '0' for parameter 'k' "
                        + "(allowed: an integer from 1 to 1000)");
    }

    @Test
    void aStockWithErrorKeepsAsterixDbsOwnCode() {
        assertThatThrownBy(() -> parse("CREATE DATASET D(T) PRIMARY KEY id WITH {\"storage-block-compression\": "
                + "{\"scheme\": \"snappy\", \"level\": 3}};"))
                .hasMessageStartingWith("ASX1097: ").hasMessageNotContaining("Syntax error")
                .hasMessageNotContaining("line 1");
    }

    @Test
    void signedNumbersReachTheValidation() throws Exception {
        assertThatThrownBy(() -> parse("CREATE DATASET D(T) PRIMARY KEY id WITH {\"merge-policy\": "
                + "{\"name\": \"tiered\", \"parameters\": {\"size-ratio\": -3}}};"))
                .hasMessage("ASX1079: Compilation error: merge policy 'tiered': invalid value '-3' for parameter "
                        + "'size-ratio' (allowed: an integer from 2 to 1000)");
        assertThat(parse("CREATE INDEX b ON Tweets(location) TYPE RTREE WITH {\"merge-policy\": {\"name\": "
                + "\"binomial\", \"parameters\": {\"k\": +4}}};").storageOptions().mergePolicy()).isPresent();
        assertThatThrownBy(() -> parse("CREATE INDEX b ON Tweets(location) TYPE RTREE WITH {\"merge-policy\": "
                + "{\"name\": \"binomial\", \"parameters\": {\"k\": 1e400}}};"))
                .hasMessageContaining("index b: parameter \"k\" of merge policy \"binomial\" must be a finite "
                        + "number; got Infinity");
    }
}
