package org.spatiallsm.asterixdb.app;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.exceptions.HyracksDataException;

/**
 * Copies the fields of one of AsterixDB's persisted resources into an instance of a spatial-lsm subclass: the stock
 * fields are protected, have no getters, and the stock classes have no copy constructor, while the subclass must
 * describe exactly the index the stock code would have described. Also reads and sets one stock field, for the job
 * rewrites that reach what AsterixDB's operators hold.
 */
public final class StockFields {

    private StockFields() {
    }

    /**
     * Copies every instance field that {@code stockClass} and its superclasses up to {@code upTo} (included)
     * declare, from {@code from} into {@code to}.
     */
    public static <T> T copy(Class<?> stockClass, Class<?> upTo, Object from, T to) throws HyracksDataException {
        try {
            for (Class<?> c = stockClass; c != upTo.getSuperclass(); c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(field.getModifiers())) {
                        field.setAccessible(true);
                        field.set(to, field.get(from));
                    }
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw HyracksDataException.create(e);
        }
        return to;
    }

    /** The value of field {@code fieldName} (declared by the target's class or a superclass) of {@code target}. */
    public static Object read(Object target, String fieldName) throws AlgebricksException {
        try {
            return field(target.getClass(), fieldName).get(target);
        } catch (ReflectiveOperationException e) {
            throw new AlgebricksException("spatial-lsm cannot read " + fieldName + " of " + target.getClass(), e);
        }
    }

    /** Sets field {@code fieldName} (declared by the target's class or a superclass) of {@code target}. */
    public static void write(Object target, String fieldName, Object value) throws AlgebricksException {
        try {
            field(target.getClass(), fieldName).set(target, value);
        } catch (ReflectiveOperationException e) {
            throw new AlgebricksException("spatial-lsm cannot set " + fieldName + " of " + target.getClass(), e);
        }
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                Field field = c.getDeclaredField(name);
                field.setAccessible(true);
                return field;
            } catch (NoSuchFieldException notHere) {
                // look in the superclass
            }
        }
        throw new NoSuchFieldException(name + " in " + type);
    }
}
