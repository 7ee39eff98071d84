package org.spatiallsm.introspection;

/**
 * The Bloom filters of a B-tree index partition that has them (a dataset's primary index, and AsterixDB's
 * primary-key index): their size, and, where the index counts them (a leveled primary index), what its point lookups
 * did with them since the node opened it. Counters the index does not keep are null.
 *
 * @param bytes          bytes on disk of the listed disk components' Bloom-filter files (each component's
 *                       {@code bytes} includes its filter's)
 * @param lookups        point lookups (queries by primary key, the duplicate check of an INSERT, an UPSERT's)
 * @param tested         Bloom filters those lookups tested: the disk components they opened, in search order, up to
 *                       the first one holding the key
 * @param rejected       tests that ruled the key out, so that the component's B-tree was not searched
 * @param falsePositives B-tree searches after a passed test that found no entry of the key; {@code tested -
 *                       rejected} B-trees were searched in all
 * @param pagesRead      of the index's {@code pagesRead}, the pages of Bloom-filter files
 */
public record BloomFilterListing(long bytes, Long lookups, Long tested, Long rejected, Long falsePositives,
        Long pagesRead) {
}
