package org.spatiallsm.cli;

import picocli.CommandLine.Option;

/** {@code --with}: the WITH clause of the datasets a command creates (load --create, the benches). */
public final class WithOption {

    @Option(names = "--with", paramLabel = "JSON",
            description = "WITH clause of the datasets this command creates, e.g. "
                    + "'{\"merge-policy\": {\"name\": \"binomial\", \"parameters\": {\"num-components\": 8}}}' "
                    + "(default: none)")
    private String with;

    /** The clause as given, or null. */
    public String with() {
        return with;
    }
}
