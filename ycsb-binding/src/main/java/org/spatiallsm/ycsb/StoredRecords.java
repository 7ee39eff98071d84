package org.spatiallsm.ycsb;

import java.util.Map;
import java.util.Set;

import org.spatiallsm.load.Catalog;
import org.spatiallsm.load.DatasetName;

import com.fasterxml.jackson.databind.JsonNode;

import site.ycsb.ByteIterator;

/** How YCSB's keys and field values become stored records, and back: one implementation per record kind. */
interface StoredRecords {

    /** The primary key field. */
    String keyField();

    /** The key as a SQL++ literal. */
    String keyLiteral(String key);

    /** DDL creating the dataverse if needed and the dataset, for {@code db.create}; {@code with} may be null. */
    String createStatements(DatasetName dataset, String with);

    /** Why an existing dataset cannot hold these records; empty when it can. */
    java.util.List<String> problems(Catalog.DatasetType type);

    /** The record to insert, as ADM text (which is also a SQL++ expression). */
    String insertText(String key, Map<String, ByteIterator> values);

    /** The new value of each updated field as a SQL++ expression, rendered now (YCSB's values read only once). */
    Map<String, String> updatedFields(Map<String, ByteIterator> values);

    /** Copies the requested fields (all when {@code fields} is null) of a stored record into YCSB's result. */
    void read(JsonNode record, Set<String> fields, Map<String, ByteIterator> result);
}
