package org.spatiallsm.asterixdb.introspection;

import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.ToIntFunction;

import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;

/** Stand-ins for Hyracks interfaces, for the journal's and the snapshot's tests. */
final class Stubs {

    private Stubs() {
    }

    /** A stand-in answering only the calls named in {@code answers}; a throwable answer is thrown. */
    static <T> T stub(Class<T> type, Map<String, Object> answers) {
        Class<?>[] types = { type };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), types, (proxy, method, args) -> {
            Object answer = answers.get(method.getName());
            if (answer instanceof Throwable t) {
                throw t;
            }
            if (answer == null && !answers.containsKey(method.getName())) {
                throw new UnsupportedOperationException(method.getName());
            }
            return answer;
        }));
    }

    /** Like {@link #index}, for an index with levels: {@link PrunedIndex#level} answers {@code levels}. */
    static ILSMIndex leveledIndex(String identifier, ToIntFunction<ILSMDiskComponent> levels) {
        Class<?>[] types = { ILSMIndex.class, PrunedIndex.class };
        return (ILSMIndex) Proxy.newProxyInstance(ILSMIndex.class.getClassLoader(), types, (proxy, method, args) ->
                switch (method.getName()) {
                    case "getIndexIdentifier" -> identifier;
                    case "getOperationTracker" -> null;
                    case "level" -> OptionalInt.of(levels.applyAsInt((ILSMDiskComponent) args[0]));
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    /** An index with that identifier and no operation tracker (so no dataset id): all the journal asks of it. */
    static ILSMIndex index(String identifier) {
        Map<String, Object> answers = new HashMap<>();
        answers.put("getIndexIdentifier", identifier);
        answers.put("getOperationTracker", null);
        return stub(ILSMIndex.class, answers);
    }
}
