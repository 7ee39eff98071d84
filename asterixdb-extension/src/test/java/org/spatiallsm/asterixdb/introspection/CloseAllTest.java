package org.spatiallsm.asterixdb.introspection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class CloseAllTest {

    @Test
    void closesEveryItemWhenSomeFailAndThrowsTheFirstFailureWithTheOthersSuppressed() {
        List<String> closed = new ArrayList<>();
        Throwable thrown = catchThrowable(() -> CloseAll.closeAll(List.of("a", "b", "c", "d"), item -> {
            closed.add(item);
            if (item.equals("b") || item.equals("d")) {
                throw new IOException("cannot close " + item);
            }
        }));

        assertThat(closed).containsExactly("a", "b", "c", "d");
        assertThat(thrown).isInstanceOf(IOException.class).hasMessage("cannot close b");
        assertThat(thrown.getSuppressed()).extracting(Throwable::getMessage).containsExactly("cannot close d");
    }

    @Test
    void closesEverythingQuietlyWhenNothingFails() throws Exception {
        List<String> closed = new ArrayList<>();
        CloseAll.closeAll(List.of("a", "b"), closed::add);
        assertThat(closed).containsExactly("a", "b");
    }
}
