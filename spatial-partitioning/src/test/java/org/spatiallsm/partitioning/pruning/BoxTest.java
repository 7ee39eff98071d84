package org.spatiallsm.partitioning.pruning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.spatiallsm.geometry.Rect;

class BoxTest {

    private static Box box(double minX, double minY, double maxX, double maxY) {
        return Box.of(new double[] { minX, minY }, new double[] { maxX, maxY });
    }

    @Test
    void overlapIsEquation41WithClosedIntervals() {
        Box unit = box(0, 0, 1, 1);
        assertThat(unit.overlaps(box(1, 0, 2, 1))).as("touching edge").isTrue();
        assertThat(unit.overlaps(box(1, 1, 2, 2))).as("touching corner").isTrue();
        assertThat(unit.overlaps(box(0.25, 0.25, 0.5, 0.5))).as("inside").isTrue();
        assertThat(box(0.25, 0.25, 0.5, 0.5).overlaps(unit)).as("symmetric").isTrue();
        assertThat(unit.overlaps(box(-5, -5, 5, 5))).as("around").isTrue();
        assertThat(unit.overlaps(box(Math.nextUp(1.0), 0, 2, 1))).as("just right of it").isFalse();
        assertThat(unit.overlaps(box(0, -2, 1, Math.nextDown(0.0)))).as("just below it").isFalse();
        assertThat(unit.overlaps(box(0.5, 2, 0.5, 3))).as("overlaps in x only").isFalse();
        assertThat(unit.overlaps(box(1, 1, 1, 1))).as("a point on the corner").isTrue();
    }

    @Test
    void aRectangleIsTheTwoDimensionalBoxOfItsCorners() {
        assertThat(Box.of(new Rect(-1.5, 2, 4, 8.25))).isEqualTo(box(-1.5, 2, 4, 8.25));
        assertThat(Box.of(Rect.point(3, 3)).dimensions()).isEqualTo(2);
    }

    @Test
    void anyNumberOfDimensions() {
        Box cube = Box.of(new double[] { 0, 0, 0 }, new double[] { 1, 1, 1 });
        assertThat(cube.overlaps(Box.of(new double[] { 1, 1, 1 }, new double[] { 2, 2, 2 }))).isTrue();
        assertThat(cube.overlaps(Box.of(new double[] { 0, 0, 1.5 }, new double[] { 1, 1, 2 }))).isFalse();
        assertThat(Box.of(new double[] { 3 }, new double[] { 4 }).overlaps(Box.of(new double[] { 4 },
                new double[] { 9 }))).isTrue();
        assertThatThrownBy(() -> cube.overlaps(box(0, 0, 1, 1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("boxes of 3 and 2 dimensions");
    }

    @Test
    void orderedLikeTheRTreesDoubleComparator() {
        // Double.compare: -0.0 < 0.0, so an entry at x = 0.0 lies outside a window ending at x = -0.0, as in the
        // R-tree.
        assertThat(box(0.0, 0, 0.0, 0).overlaps(box(-1, 0, -0.0, 0))).isFalse();
        assertThat(box(-0.0, 0, -0.0, 0).overlaps(box(-1, 0, -0.0, 0))).isTrue();
        // NaN sorts after +infinity: a window open to NaN reaches everything above its lower bound.
        assertThat(box(5, 5, 5, 5).overlaps(box(0, 0, Double.NaN, Double.NaN))).isTrue();
        assertThat(box(5, 5, 5, 5).overlaps(box(Double.NaN, 0, Double.NaN, 9))).isFalse();
        assertThat(box(Double.NaN, 0, Double.NaN, 0).overlaps(box(0, 0, Double.POSITIVE_INFINITY, 0))).isFalse();
    }

    @Test
    void anInvertedWindowOverlapsOnlyWhatTheRTreeWouldFind() {
        // The R-tree tests entry.min <= key.max and key.min <= entry.max as given; so does the box.
        Box inverted = box(2, 0, 1, 1);
        assertThat(box(1.5, 0.5, 1.5, 0.5).overlaps(inverted)).isFalse();
        assertThat(box(0, 0, 3, 1).overlaps(inverted)).isTrue();
    }

    @Test
    void emptyOverlapsNothingAndIsTheUnionsNeutralElement() {
        Box empty = Box.empty(2);
        Box unit = box(0, 0, 1, 1);
        assertThat(empty.isEmpty()).isTrue();
        assertThat(empty.overlaps(unit)).isFalse();
        assertThat(unit.overlaps(empty)).isFalse();
        assertThat(empty.overlaps(Box.empty(2))).isFalse();
        assertThat(empty.union(unit)).isEqualTo(unit);
        assertThat(unit.union(empty)).isEqualTo(unit);
        assertThat(empty.union(Box.empty(2))).isEqualTo(Box.empty(2)).hasToString("empty");
    }

    @Test
    void unionIsTheSmallestBoxHoldingBoth() {
        Box union = box(0, 0, 1, 1).union(box(3, -2, 3, -2));
        assertThat(union).isEqualTo(box(0, -2, 3, 1)).hasToString("[0.0, -2.0 .. 3.0, 1.0]");
        assertThat(union.dimensions()).isEqualTo(2);
        assertThat(union.min(1)).isEqualTo(-2.0);
        assertThat(union.max(0)).isEqualTo(3.0);
        assertThat(box(-0.0, 0, 0, 0).union(box(0.0, 0, 0, 0)).min(0)).isEqualTo(-0.0);
    }

    @Test
    void refusesMismatchedBounds() {
        assertThatThrownBy(() -> Box.of(new double[] { 0, 0 }, new double[] { 1 }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a box needs as many lower as upper bounds, at least one each; got 2 and 1");
        assertThatThrownBy(() -> Box.empty(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
