package org.spatiallsm.ycsb;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.spatiallsm.load.Catalog;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.DatasetSetup;
import org.spatiallsm.load.SchemaCheck;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.QueryFormat;
import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.SpatialQueries;

import com.fasterxml.jackson.databind.JsonNode;

import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/**
 * A generated record with a point under YCSB: Mao's spatial record or Kim's tweet, as the {@link RecordShape} says
 * (id field, point field, type). The number in YCSB's key ({@code user<n>}, hashed or ordered) is the int64 id, and
 * the record is the generator's record for that id, so the same point can be recomputed from the key when a read
 * centres a range query on it. YCSB's field values are ignored on insert (the generator's fields stand in for them)
 * and become the value of one string field on update (the spatial record's payload, the tweet's message text).
 */
final class SpatialRecords implements StoredRecords {

    private final RecordGenerator generator;
    private final RecordShape shape;
    private final String updatedField;

    /** @param updatedField the shape's string field that an update writes YCSB's field values into */
    SpatialRecords(RecordGenerator generator, String updatedField) {
        this.generator = generator;
        this.shape = generator.shape();
        if (shape.fields().stream().noneMatch(f -> f.name().equals(updatedField) && f.admType().equals("string"))) {
            throw new IllegalArgumentException(shape.name() + " records have no string field " + updatedField);
        }
        this.updatedField = updatedField;
    }

    /** The id in a YCSB key: the digits after its prefix. */
    static long id(String key) {
        int start = 0;
        while (start < key.length() && !Character.isDigit(key.charAt(start))) {
            start++;
        }
        try {
            return Long.parseLong(key.substring(start));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("key '" + key + "' does not end in a number, so it cannot be a "
                    + "spatial record id");
        }
    }

    /** COUNT(*) of the records in the window of selectivity 10^-sigma centred on the point of record {@code key}. */
    String rangeCount(DatasetName dataset, String key, double sigma) {
        long id = id(key);
        GeoPoint centre = generator.point(id);
        return QueryFormat.SQLPP.rectangle(id, new SpatialQueries.Rectangle(id, centre, sigma,
                SpatialQueries.window(centre, sigma)), dataset.sql(), shape.pointField());
    }

    @Override
    public String keyField() {
        return shape.idField();
    }

    @Override
    public String keyLiteral(String key) {
        return Long.toString(id(key));
    }

    @Override
    public String createStatements(DatasetName dataset, String with) {
        return DatasetSetup.createStatements(dataset, shape, with, true);
    }

    @Override
    public List<String> problems(Catalog.DatasetType type) {
        return SchemaCheck.problems(type, shape);
    }

    @Override
    public String insertText(String key, Map<String, ByteIterator> values) {
        return RecordFormat.ADM.format(generator.record(id(key)));
    }

    @Override
    public Map<String, String> updatedFields(Map<String, ByteIterator> values) {
        StringBuilder payload = new StringBuilder();
        values.values().forEach(v -> payload.append(new String(v.toArray(), StandardCharsets.ISO_8859_1)));
        return Map.of(updatedField, Sqlpp.string(payload.toString()));
    }

    @Override
    public void read(JsonNode record, Set<String> fields, Map<String, ByteIterator> result) {
        for (Iterator<Map.Entry<String, JsonNode>> it = record.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            if (fields == null || fields.contains(field.getKey())) {
                JsonNode value = field.getValue();
                result.put(field.getKey(), new StringByteIterator(value.isTextual() ? value.asText()
                        : value.toString()));
            }
        }
    }
}
