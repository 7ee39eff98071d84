package org.spatiallsm.experiment.report;

import java.util.List;

/** A table of text cells; {@code note} says what it leaves out, or is empty. */
public record Table(List<String> header, List<List<String>> rows, String note) {
}
