package org.spatiallsm.asterixdb.rtree.leveled;

/** An LSM index whose components live in levels, run by the shared leveled engine (an R-tree or a B-tree). */
interface LeveledIndex {

    LeveledEngine<?> engine();
}
