package org.spatiallsm.load;

import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;

/** Records {@code firstId .. firstId + count - 1} of a generator; the loader can regenerate any of them to check. */
public record GeneratedRecords(RecordGenerator generator, long firstId, long count) implements KeyedRecords {

    public GeneratedRecords {
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, got " + count);
        }
        if (firstId > Long.MAX_VALUE - count) {
            throw new IllegalArgumentException("ids from " + firstId + " on overflow a 64-bit id after " + count
                    + " records");
        }
    }

    @Override
    public String keyField() {
        return generator.shape().idField();
    }

    @Override
    public long firstKey() {
        return firstId;
    }

    @Override
    public String record(long id) {
        return RecordFormat.ADM.format(generator.record(id));
    }

    @Override
    public String description() {
        return count + " generated " + generator.shape().name() + " records, ids " + firstId + ".."
                + (firstId + count - 1);
    }
}
