package org.spatiallsm.it.crash;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** What the crash checks read from the NCs' disks: their logs and their storage directories. */
interface NodeFiles {

    /** The lines of the NCs' logs (all starts so far) that contain {@code text}, each prefixed by its file's name. */
    List<String> nodeLogLines(String text) throws IOException;

    /** The storage directory of every NC's iodevice ({@code <iodevice>/storage}). */
    List<Path> storageRoots() throws IOException;
}
