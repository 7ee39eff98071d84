package org.spatiallsm.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.spatiallsm.workloads.RecordShape;

/**
 * Whether a dataset's declared type accepts a record shape, checked before any record is sent: a feed would
 * otherwise reject every record one by one, or an open type would quietly store a point as a string.
 */
public final class SchemaCheck {

    private SchemaCheck() {
    }

    /** Every reason the dataset cannot take the shape's records; empty when it can. */
    public static List<String> problems(Catalog.DatasetType type, RecordShape shape) {
        List<String> problems = new ArrayList<>();
        if (!type.primaryKey().equals(List.of(shape.idField()))) {
            problems.add("its primary key is " + String.join(", ", type.primaryKey()) + ", not " + shape.idField());
        }
        List<String> undeclared = new ArrayList<>();
        for (RecordShape.Field field : shape.fields()) {
            Catalog.FieldType declared = type.fields().get(field.name());
            if (declared == null) {
                undeclared.add(field.name());
            } else if (field.primitive() && !declared.type().equals(field.admType())) {
                problems.add("field " + field.name() + " is " + declared.type() + ", the records have "
                        + field.admType());
            }
        }
        if (!type.open() && !undeclared.isEmpty()) {
            problems.add("its closed type " + type.typeName() + " lacks " + String.join(", ", undeclared));
        }
        Set<String> shapeFields = shape.fields().stream().map(RecordShape.Field::name).collect(Collectors.toSet());
        List<String> required = type.fields().entrySet().stream()
                .filter(f -> !f.getValue().optional() && !shapeFields.contains(f.getKey())).map(Map.Entry::getKey)
                .toList();
        if (!required.isEmpty()) {
            problems.add("the records lack its required " + String.join(", ", required));
        }
        return problems;
    }
}
