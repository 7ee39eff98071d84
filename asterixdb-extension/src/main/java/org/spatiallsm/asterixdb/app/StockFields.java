package org.spatiallsm.asterixdb.app;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

import org.apache.hyracks.api.exceptions.HyracksDataException;

/**
 * Copies the fields of one of AsterixDB's persisted resources into an instance of a spatial-lsm subclass: the stock
 * fields are protected, have no getters, and the stock classes have no copy constructor, while the subclass must
 * describe exactly the index the stock code would have described.
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
}
