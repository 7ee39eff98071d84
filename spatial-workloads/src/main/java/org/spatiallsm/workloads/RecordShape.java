package org.spatiallsm.workloads;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/** The fields of a generated record: its AsterixDB type, and how one record is built around its id and point. */
public interface RecordShape {

    /** A top-level field and its ADM type expression; {@code primitive} types can be compared with metadata. */
    record Field(String name, String admType, boolean primitive) {
    }

    String name();

    String description();

    /** The int64 primary key field. */
    String idField();

    /** The spatial field, the one to index and to query: a point, or a rectangle for Kim's house and lake. */
    String pointField();

    List<Field> fields();

    Value.Obj build(long id, GeoPoint point, SplittableRandom random);

    /** The closed record type, e.g. {@code { `id`: int64, `loc`: point }}, for CREATE TYPE. */
    default String typeDefinition() {
        return fields().stream().map(f -> "`" + f.name() + "`: " + f.admType())
                .collect(Collectors.joining(", ", "{ ", " }"));
    }

    /** Letters and digits, drawn from the record's own stream. */
    static String randomText(SplittableRandom random, int length) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        char[] text = new char[length];
        for (int i = 0; i < length; i++) {
            text[i] = alphabet.charAt(random.nextInt(alphabet.length()));
        }
        return new String(text);
    }
}
