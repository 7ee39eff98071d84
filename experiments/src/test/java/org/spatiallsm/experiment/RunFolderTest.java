package org.spatiallsm.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

class RunFolderTest {

    @TempDir
    Path out;

    @Test
    void resumeContinuesTheNewestRunSkipsCompleteConfigurationsAndRedoesAPartialOne() throws Exception {
        Configuration done = new Configuration("binomial", "binomial k=4");
        Configuration partial = new Configuration("tiered", "tiered");
        RunFolder older = RunFolder.create(out, "merge-policies", Instant.parse("2026-11-27T04:00:00Z"));
        older.writeRun(JsonNodeFactory.instance.objectNode().put("study", "merge-policies"));
        RunFolder newer = RunFolder.create(out, "merge-policies", Instant.parse("2026-11-27T05:00:00Z"));
        newer.writeRun(JsonNodeFactory.instance.objectNode().put("study", "merge-policies"));
        Files.writeString(newer.freshConfigurationFolder(done).resolve("queries.csv"), "phase\r\n");
        newer.markComplete(done, JsonNodeFactory.instance.objectNode().put("finishedAt", "now"));
        Files.writeString(newer.freshConfigurationFolder(partial).resolve("queries.csv"), "half a run");

        RunFolder resumed = RunFolder.latest(out, "merge-policies");

        assertThat(resumed.root()).isEqualTo(out.resolve("merge-policies-20261127-050000"));
        assertThat(resumed.readRun().path("study").asText()).isEqualTo("merge-policies");
        assertThat(resumed.isComplete(done)).isTrue();
        assertThat(resumed.isComplete(partial)).isFalse();
        assertThat(resumed.freshConfigurationFolder(partial)).isEmptyDirectory();
        assertThat(out.resolve("merge-policies-20261127-050000/binomial/complete.json")).isRegularFile();
        assertThat(out.resolve("merge-policies-20261127-050000/run.json.tmp")).doesNotExist();
    }

    @Test
    void resumeWithoutAnEarlierRunIsAOneLineError() {
        assertThatThrownBy(() -> RunFolder.latest(out, "spatial-policies"))
                .hasMessage("--resume: " + out + " holds no earlier run of spatial-policies");
    }
}
