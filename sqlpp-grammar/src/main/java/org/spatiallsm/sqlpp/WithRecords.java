package org.spatiallsm.sqlpp;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.asterix.common.exceptions.CompilationException;
import org.apache.asterix.lang.common.base.Expression;
import org.apache.asterix.lang.common.base.Literal;
import org.apache.asterix.lang.common.expression.FieldBinding;
import org.apache.asterix.lang.common.expression.ListConstructor;
import org.apache.asterix.lang.common.expression.LiteralExpr;
import org.apache.asterix.lang.common.expression.RecordConstructor;
import org.apache.asterix.lang.common.expression.UnaryExpr;
import org.apache.asterix.lang.common.struct.UnaryExprType;
import org.apache.asterix.lang.common.util.ExpressionUtils;
import org.apache.asterix.object.base.AdmArrayNode;
import org.apache.asterix.object.base.AdmBigIntNode;
import org.apache.asterix.object.base.AdmBooleanNode;
import org.apache.asterix.object.base.AdmDoubleNode;
import org.apache.asterix.object.base.AdmObjectNode;
import org.apache.asterix.object.base.AdmStringNode;
import org.apache.asterix.object.base.IAdmNode;

/** Turns a WITH record of the parse tree into plain Java values for the storage-options core, and back. */
final class WithRecords {

    private WithRecords() {
    }

    /** The record's fields as String, Long, Double, Boolean, Map and List values (null for SQL++ null). */
    static Map<String, Object> toMap(RecordConstructor record) throws CompilationException {
        foldSigns(record);
        return objectValue(ExpressionUtils.toNode(record));
    }

    /**
     * Turns every signed number of the record ({@code -3}, {@code +4.5}) into a number literal, in place. The parser
     * reads {@code -3} as an operator applied to 3, and AsterixDB's conversion of a constant record refuses operators
     * ("Expression of type UNARY_EXPRESSION is not supported in constant record"), so a negative value would never
     * reach the validation that says which values are allowed.
     */
    static void foldSigns(RecordConstructor record) throws CompilationException {
        for (FieldBinding binding : record.getFbList()) {
            binding.setRightExpr(folded(binding.getRightExpr()));
        }
    }

    private static Expression folded(Expression expression) throws CompilationException {
        if (expression instanceof RecordConstructor record) {
            foldSigns(record);
        } else if (expression instanceof ListConstructor list) {
            List<Expression> items = new ArrayList<>();
            for (Expression item : list.getExprList()) {
                items.add(folded(item));
            }
            list.setExprList(items);
        } else if (expression instanceof UnaryExpr signed && signed.getExpr() instanceof LiteralExpr literal
                && isNumber(literal.getValue())) {
            if (signed.getExprType() == UnaryExprType.NEGATIVE) {
                LiteralExpr negated = new LiteralExpr(ExpressionUtils.reverseSign(literal.getValue()));
                negated.setSourceLocation(signed.getSourceLocation());
                return negated;
            }
            if (signed.getExprType() == UnaryExprType.POSITIVE) {
                return literal;
            }
        }
        return expression;
    }

    private static boolean isNumber(Literal literal) {
        return switch (literal.getLiteralType()) {
            case DOUBLE, FLOAT, LONG, INTEGER -> true;
            default -> false;
        };
    }

    /**
     * Refuses a key given twice in the record or in any record nested in it. AsterixDB's conversion keeps the first
     * value and drops the others without a word, so {@code {"k": 4, "k": 5}} would silently mean k = 4.
     *
     * @throws IllegalArgumentException naming the key and where it is, in one line
     */
    static void requireUniqueKeys(RecordConstructor record) {
        requireUniqueKeys(record, "");
    }

    private static void requireUniqueKeys(Expression expression, String path) {
        if (expression instanceof RecordConstructor record) {
            Set<String> seen = new HashSet<>();
            for (FieldBinding binding : record.getFbList()) {
                String name = fieldName(binding.getLeftExpr());
                if (name != null && !seen.add(name)) {
                    String where = path.isEmpty() ? "the WITH record" : "\"" + path + "\"";
                    throw new IllegalArgumentException("duplicate key \"" + name + "\" in " + where
                            + "; give each key once");
                }
                requireUniqueKeys(binding.getRightExpr(), path.isEmpty() ? name : path + "." + name);
            }
        } else if (expression instanceof ListConstructor list) {
            list.getExprList().forEach(item -> requireUniqueKeys(item, path + "[]"));
        }
    }

    /** The same record without one top-level field (the rest goes to AsterixDB's own validation). */
    static RecordConstructor without(RecordConstructor record, String field) {
        List<FieldBinding> kept = new ArrayList<>();
        for (FieldBinding binding : record.getFbList()) {
            if (!field.equals(fieldName(binding.getLeftExpr()))) {
                kept.add(binding);
            }
        }
        RecordConstructor copy = new RecordConstructor(kept);
        copy.setSourceLocation(record.getSourceLocation());
        return copy;
    }

    private static String fieldName(Expression expression) {
        if (expression instanceof LiteralExpr literal && literal.getValue().getLiteralType() == Literal.Type.STRING) {
            return literal.getValue().getStringValue();
        }
        return null;
    }

    private static Map<String, Object> objectValue(AdmObjectNode object) {
        Map<String, Object> values = new LinkedHashMap<>();
        object.getFields().forEach(field -> values.put(field.getKey(), value(field.getValue())));
        return values;
    }

    private static Object value(IAdmNode node) {
        if (node instanceof AdmObjectNode object) {
            return objectValue(object);
        } else if (node instanceof AdmArrayNode array) {
            List<Object> items = new ArrayList<>();
            array.forEach(item -> items.add(value(item)));
            return items;
        } else if (node instanceof AdmStringNode string) {
            return string.get();
        } else if (node instanceof AdmBigIntNode integer) {
            return integer.get();
        } else if (node instanceof AdmDoubleNode decimal) {
            return decimal.get();
        } else if (node instanceof AdmBooleanNode bool) {
            return bool.get();
        }
        return null;
    }
}
