package org.spatiallsm.experiment.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A small run folder written by hand, in the format the harness writes: two configurations (one finished, one
 * interrupted), with numbers chosen so that the derived values are easy to state exactly.
 */
final class SyntheticRun {
    static final String FINISHED = "leveled";
    static final String INTERRUPTED = "binomial";

    private SyntheticRun() {
    }

    static Path create(Path parent) throws IOException {
        Path run = Files.createDirectories(parent.resolve("spatial-policies-20261127-040000"));
        Files.writeString(run.resolve("run.json"), """
                {"study": "spatial-policies", "title": "Spatial partitioning policies",
                 "scale": "smoke", "startedAt": "2026-11-27T04:00:00Z", "finishedAt": null, "commit": "abc1234",
                 "machine": {"cores": 2, "memoryBytes": 25000000000, "os": "Linux", "java": "17.0.15"},
                 "cluster": {"endpoint": "http://127.0.0.1:19002", "nodes": 2, "partitions": 2,
                             "bufferCacheBytes": 2097152, "memoryComponentBytes": 1048576},
                 "parameters": {"records": 3000, "recordBytes": 200, "queries": 105},
                 "changedParameters": ["records"],
                 "configurations": [{"id": "leveled", "label": "leveled, STR", "complete": true},
                                    {"id": "binomial", "label": "binomial <tiered>", "complete": false}],
                 "indexVsCache": [{"configuration": "leveled", "index": "loc", "indexBytes": 4194304,
                                   "cacheBytes": 2097152}],
                 "published": [{"plot": "write-amplification", "configuration": "leveled", "x": 3000, "y": 1.5,
                                "label": "Mao et al. Fig. 7", "source": "figure 7"},
                               {"plot": "latency-window", "configuration": "leveled", "x": 0.1, "y": 42,
                                "label": "paper", "source": "table 3"}]}
                """);
        Path leveled = Files.createDirectories(run.resolve(FINISHED));
        Files.writeString(leveled.resolve("io-events.csv"), """
                t_ms,records_ingested,index,node,partition,kind,level,bytes_in,bytes_out,entries_in,entries_out,\
                components_in,components_out,duration_ms
                10,1000,loc,nc1,0,flush,,0,100,0,10,0,1,5
                20,2000,loc,nc1,0,flush,,0,100,0,10,0,1,5
                25,2000,loc,nc1,0,merge,1,200,200,20,20,2,1,9
                30,3000,loc,nc1,0,flush,,0,100,0,10,0,1,5
                """);
        Files.writeString(leveled.resolve("throughput.csv"), """
                t_ms,records_ingested,records_per_s
                1000,1000,1000
                2000,2000,1000
                3000,3000,500
                """);
        Files.writeString(leveled.resolve("components.csv"), """
                t_ms,records_ingested,index,level,components,bytes
                10,1000,loc,0,1,1000
                30,3000,loc,0,1,1048576
                30,3000,loc,1,2,2097152
                """);
        List<String> queries = new ArrayList<>();
        queries.add("phase,query_kind,sigma,query_no,latency_ms,results,components_opened,components_skipped,"
                + "pages_read");
        // Latencies 1..100 ms at sigma 0.1 %; the five of the nearest-rank textbook example at sigma 1 %.
        for (int i = 1; i <= 100; i++) {
            queries.add("read,window,0.1," + i + "," + i + ",7," + (i % 2 == 0 ? 2 : 4) + ",0," + (i <= 50 ? 10 : ""));
        }
        int[] fiveLatencies = {50, 15, 40, 20, 35};
        for (int i = 0; i < fiveLatencies.length; i++) {
            queries.add("read,window,1," + (101 + i) + "," + fiveLatencies[i] + ",70,3,0,30");
        }
        queries.add("read,knn,,106,8,10,2,0,");
        // The kNN study's kind: its sigma column holds k.
        queries.add("read,knn-index-3000,10,107,9,10,1,0,2");
        Files.write(leveled.resolve("queries.csv"), queries);
        Files.writeString(leveled.resolve("complete.json"), "{\"finishedAt\": \"2026-11-27T04:01:00Z\"}\n");

        // Interrupted during its load: no queries yet, and an older writer's components.csv without "bytes".
        Path binomial = Files.createDirectories(run.resolve(INTERRUPTED));
        Files.writeString(binomial.resolve("io-events.csv"), """
                t_ms,records_ingested,index,node,partition,kind,level,bytes_in,bytes_out,entries_in,entries_out,\
                components_in,components_out,duration_ms
                10,1000,loc,nc1,0,flush,,0,300,0,30,0,1,5
                """);
        Files.writeString(binomial.resolve("throughput.csv"), "t_ms,records_ingested,records_per_s\n1000,1000,800\n");
        Files.writeString(binomial.resolve("components.csv"), """
                t_ms,records_ingested,index,level,components
                10,1000,loc,0,1
                """);
        return run;
    }
}
