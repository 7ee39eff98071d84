package org.spatiallsm.organisations.grid;

import java.util.Arrays;
import java.util.List;

import org.spatiallsm.geometry.Rect;

/**
 * An SHB-tree on objects (Kim's dissertation, Ch. 5) counted without an engine: the entries a set of MBRs gets under
 * one grid and cells-per-object cap, and what a search of a query window reads, as the engine's search does it (each
 * range of {@link GridOrganisation#search} in key order, each entry refined against the window, each object returned
 * once). A candidate is an entry read; it is a false positive when its object misses the window, a duplicate when its
 * object meets the window but was already returned, and otherwise a result.
 */
public final class ObjectSearchCount {

    /** What one search read. candidates = falsePositives + duplicates + results. */
    public record Search(long candidates, long falsePositives, long duplicates, long results) {
    }

    private final GridOrganisation organisation;
    private final List<Rect> objects;
    /** Every entry's key, ascending; {@link #objectOf} holds its object at the same position. */
    private final long[] keys;
    private final int[] objectOf;
    /** Per object, the last search that returned it (searches are numbered from 1). */
    private final int[] returnedBy;
    private int searches;

    public ObjectSearchCount(GridParameters parameters, List<Rect> objects) {
        this.organisation = new GridOrganisation(GridOrganisation.Kind.SHB_OBJECTS, parameters);
        this.objects = List.copyOf(objects);
        long[][] perObject = new long[objects.size()][];
        int total = 0;
        for (int object = 0; object < objects.size(); object++) {
            perObject[object] = organisation.keys(objects.get(object));
            total += perObject[object].length;
        }
        // Sorted by key, then object, as the B-tree orders (key, ..., primary key) entries of ids in load order.
        int[] objectsOfPacked = new int[total];
        long[] keysOfPacked = new long[total];
        Integer[] order = new Integer[total];
        int next = 0;
        for (int object = 0; object < objects.size(); object++) {
            for (long key : perObject[object]) {
                keysOfPacked[next] = key;
                objectsOfPacked[next] = object;
                order[next] = next;
                next++;
            }
        }
        Arrays.sort(order, (a, b) -> keysOfPacked[a] != keysOfPacked[b] ? Long.compare(keysOfPacked[a],
                keysOfPacked[b]) : Integer.compare(objectsOfPacked[a], objectsOfPacked[b]));
        keys = new long[total];
        objectOf = new int[total];
        for (int i = 0; i < total; i++) {
            keys[i] = keysOfPacked[order[i]];
            objectOf[i] = objectsOfPacked[order[i]];
        }
        returnedBy = new int[objects.size()];
    }

    public int objects() {
        return objects.size();
    }

    /** The index's entries: every object's cells after the cap. */
    public int entries() {
        return keys.length;
    }

    /** What a search of {@code window} reads and returns. */
    public Search search(Rect window) {
        searches++;
        long candidates = 0;
        long falsePositives = 0;
        long duplicates = 0;
        for (GridOrganisation.Range range : organisation.search(window)) {
            int first = firstAtLeast(range.low());
            for (int i = first; i < keys.length && keys[i] <= range.high(); i++) {
                candidates++;
                int object = objectOf[i];
                if (!objects.get(object).intersects(window)) {
                    falsePositives++;
                } else if (returnedBy[object] == searches) {
                    duplicates++;
                } else {
                    returnedBy[object] = searches;
                }
            }
        }
        return new Search(candidates, falsePositives, duplicates, candidates - falsePositives - duplicates);
    }

    private int firstAtLeast(long key) {
        int low = 0;
        int high = keys.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (keys[middle] < key) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
