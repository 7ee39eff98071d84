package org.spatiallsm.asterixdb.introspection;

import java.lang.reflect.Proxy;
import java.util.Map;

/** Stand-ins for Hyracks interfaces, for the journal's and the snapshot's tests. */
final class Stubs {

    private Stubs() {
    }

    /** A stand-in answering only the calls named in {@code answers}; a throwable answer is thrown. */
    static <T> T stub(Class<T> type, Map<String, Object> answers) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, (proxy, method, args) -> {
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
}
