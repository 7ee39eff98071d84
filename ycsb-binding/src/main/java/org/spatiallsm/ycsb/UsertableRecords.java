package org.spatiallsm.ycsb;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.spatiallsm.load.Catalog;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Sqlpp;

import com.fasterxml.jackson.databind.JsonNode;

import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * YCSB's usertable as the AsterixDB studies stored it: {@code YCSB_KEY} string key, each field a {@code binary}
 * value written with ADM's {@code hex("...")}. The type declares only the key, so an update can replace some fields.
 */
final class UsertableRecords implements StoredRecords {

    static final String KEY = "YCSB_KEY";
    private static final HexFormat HEX = HexFormat.of();

    @Override
    public String keyField() {
        return KEY;
    }

    @Override
    public String keyLiteral(String key) {
        return Sqlpp.string(key);
    }

    @Override
    public String createStatements(DatasetName dataset, String with) {
        String dataverse = Sqlpp.identifier(dataset.dataverse());
        String type = Sqlpp.identifier(dataset.dataset() + "Type");
        return "CREATE DATAVERSE " + dataverse + " IF NOT EXISTS; USE " + dataverse + ";\nCREATE TYPE " + type
                + " IF NOT EXISTS AS OPEN { " + KEY + ": string };\nCREATE DATASET " + Sqlpp.identifier(
                        dataset.dataset()) + "(" + type + ") PRIMARY KEY " + KEY + (with == null ? "" : " WITH " + with)
                + ";";
    }

    @Override
    public List<String> problems(Catalog.DatasetType type) {
        List<String> problems = new ArrayList<>();
        if (!type.primaryKey().equals(List.of(KEY))) {
            problems.add("its primary key is " + String.join(", ", type.primaryKey()) + ", not " + KEY);
        }
        Catalog.FieldType key = type.fields().get(KEY);
        if (key != null && !key.type().equals("string")) {
            problems.add(KEY + " is " + key.type() + ", not string");
        }
        return problems;
    }

    @Override
    public String insertText(String key, Map<String, ByteIterator> values) {
        StringBuilder record = new StringBuilder("{").append(Sqlpp.string(KEY)).append(": ").append(Sqlpp.string(key));
        values.forEach((name, value) -> record.append(", ").append(Sqlpp.string(name)).append(": hex(\"")
                .append(HEX.formatHex(value.toArray())).append("\")"));
        return record.append('}').toString();
    }

    @Override
    public Map<String, String> updatedFields(Map<String, ByteIterator> values) {
        Map<String, String> fields = new LinkedHashMap<>();
        values.forEach((name, value) -> fields.put(name, "hex(\"" + HEX.formatHex(value.toArray()) + "\")"));
        return fields;
    }

    @Override
    public void read(JsonNode record, Set<String> fields, Map<String, ByteIterator> result) {
        for (Iterator<Map.Entry<String, JsonNode>> it = record.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!field.getKey().equals(KEY) && (fields == null || fields.contains(field.getKey()))) {
                // AsterixDB answers a binary value as its hex digits.
                result.put(field.getKey(), new ByteArrayByteIterator(HEX.parseHex(field.getValue().asText())));
            }
        }
    }
}
