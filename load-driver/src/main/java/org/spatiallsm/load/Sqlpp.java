package org.spatiallsm.load;

import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.Value;

/** Quoting of names and strings in the SQL++ statements we build. */
public final class Sqlpp {

    private Sqlpp() {
    }

    /** A back-quoted identifier, safe for names such as {@code sender-location}. */
    public static String identifier(String name) {
        return "`" + name.replace("\\", "\\\\").replace("`", "\\`") + "`";
    }

    /** A double-quoted string literal, escaped like ADM (and JSON) strings. */
    public static String string(String value) {
        return RecordFormat.ADM.format(new Value.Text(value));
    }
}
