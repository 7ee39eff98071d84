package org.spatiallsm.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/** One run of the spatial-lsm command line in this JVM: its exit code and what it printed. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SpatialLsmCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    List<String> lines() {
        return out.lines().toList();
    }
}
