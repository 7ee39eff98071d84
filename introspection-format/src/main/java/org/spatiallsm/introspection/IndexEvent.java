package org.spatiallsm.introspection;

/** An event of one index partition: what every line of a node's event file is. */
public sealed interface IndexEvent extends LsmEventLine permits FlushOrMerge, MergeScheduled {

    /** Wall-clock time of the event, ISO-8601 in UTC. */
    String time();

    /** The node controller that wrote it. */
    String node();

    String dataverse();

    String dataset();

    /** The index's name; the dataset's for the primary index. */
    String index();

    int partition();

    /** AsterixDB's id of the dataset: tells it apart from an earlier dataset of the same name. */
    int datasetId();

    /** t, the index's persistent flush count at the event. */
    long flushCount();
}
