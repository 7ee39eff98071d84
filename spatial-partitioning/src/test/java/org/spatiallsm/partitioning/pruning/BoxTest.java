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
    void orderedLikeTheRTreesDoubleComparatorButForTheSignOfZero() {
        // -0.0 and 0.0 are one value: a component starting at 0.0 is kept for a window ending at -0.0, and the reverse.
        assertThat(box(0.0, 0, 1, 1).overlaps(box(-1, 0, -0.0, 1))).isTrue();
        assertThat(box(-1, 0, -0.0, 1).overlaps(box(0.0, 0, 1, 1))).isTrue();
        assertThat(box(-1, -1, 0.0, 0.0).overlaps(box(-0.0, -0.0, 1, 1))).as("corner at both zeros").isTrue();
        assertThat(box(0.0, 0.0, 0.0, 0.0).overlaps(box(-0.0, -0.0, -0.0, -0.0))).as("two points").isTrue();
        assertThat(box(0.0, 0, 1, 1).overlaps(box(-1, 0, Math.nextDown(-0.0), 1))).as("just below zero").isFalse();
        // NaN sorts after +infinity: a window open to NaN reaches everything above its lower bound.
        assertThat(box(5, 5, 5, 5).overlaps(box(0, 0, Double.NaN, Double.NaN))).isTrue();
        assertThat(box(5, 5, 5, 5).overlaps(box(Double.NaN, 0, Double.NaN, 9))).isFalse();
        assertThat(box(Double.NaN, 0, Double.NaN, 0).overlaps(box(0, 0, Double.POSITIVE_INFINITY, 0))).isFalse();
    }

    /** A query window exactly on a component's MBR, which is the box of its extreme entries. */
    @Test
    void aWindowTouchingAComponentsEdgeOrCornerOpensIt() {
        Box component = box(-3.5, 2, 7.25, 9);
        assertThat(component.overlaps(box(-10, 4, -3.5, 5))).as("west edge").isTrue();
        assertThat(component.overlaps(box(7.25, 4, 20, 5))).as("east edge").isTrue();
        assertThat(component.overlaps(box(0, -1, 1, 2))).as("south edge").isTrue();
        assertThat(component.overlaps(box(0, 9, 1, 12))).as("north edge").isTrue();
        assertThat(component.overlaps(box(-8, -8, -3.5, 2))).as("south-west corner").isTrue();
        assertThat(component.overlaps(box(7.25, 9, 8, 10))).as("north-east corner").isTrue();
        assertThat(component.overlaps(box(7.25, -5, 9, 2))).as("south-east corner").isTrue();
        assertThat(component.overlaps(box(-5, 9, -3.5, 11))).as("north-west corner").isTrue();
        assertThat(component.overlaps(box(Math.nextUp(7.25), 9, 8, 10))).as("one ulp east of the corner").isFalse();
        assertThat(component.overlaps(box(-8, -8, -3.5, Math.nextDown(2.0)))).as("one ulp south").isFalse();
    }

    @Test
    void pointsAndZeroWidthWindowsOnAnEdgeOverlap() {
        Box component = box(0, 0, 10, 5);
        assertThat(box(10, 2.5, 10, 2.5).overlaps(component)).as("a point on the east edge").isTrue();
        assertThat(box(0, 0, 0, 0).overlaps(component)).as("a point on the corner").isTrue();
        assertThat(box(10, -3, 10, 8).overlaps(component)).as("a vertical segment along the east edge").isTrue();
        assertThat(box(-3, 5, 13, 5).overlaps(component)).as("a horizontal segment along the north edge").isTrue();
        assertThat(box(Math.nextUp(10.0), 2, Math.nextUp(10.0), 3).overlaps(component)).as("a segment one ulp east")
                .isFalse();
        // A component of one point (or one row of points) is a degenerate box.
        Box pointComponent = box(4, 4, 4, 4);
        assertThat(pointComponent.overlaps(box(4, 4, 4, 4))).as("the same point").isTrue();
        assertThat(pointComponent.overlaps(box(0, 0, 4, 4))).as("window ending on it").isTrue();
        assertThat(pointComponent.overlaps(box(4, 4, 9, 9))).as("window starting on it").isTrue();
        assertThat(pointComponent.overlaps(box(0, 0, 4, Math.nextDown(4.0)))).isFalse();
        Box row = box(1, 3, 8, 3);
        assertThat(row.overlaps(box(8, 3, 8, 3))).as("the row's end").isTrue();
        assertThat(row.overlaps(box(2, 0, 3, 3))).as("window touching the row from below").isTrue();
        assertThat(row.overlaps(box(2, Math.nextUp(3.0), 3, 4))).isFalse();
    }

    @Test
    void infiniteBoundsAreOrdinaryValues() {
        double inf = Double.POSITIVE_INFINITY;
        Box component = box(-2, -2, 2, 2);
        assertThat(component.overlaps(box(-inf, -inf, inf, inf))).as("the whole plane").isTrue();
        assertThat(component.overlaps(box(2, -inf, inf, inf))).as("the half-plane from the east edge").isTrue();
        assertThat(component.overlaps(box(Math.nextUp(2.0), -inf, inf, inf))).isFalse();
        assertThat(component.overlaps(box(-inf, -inf, -2, -2))).as("the quadrant to the south-west corner").isTrue();
        // A component holding an infinite coordinate reaches every window on that side.
        Box unbounded = box(0, 0, inf, 1);
        assertThat(unbounded.overlaps(box(1e308, 0, 1e308, 0))).isTrue();
        assertThat(unbounded.overlaps(box(inf, 1, inf, 1))).as("the point at infinity on its corner").isTrue();
        assertThat(box(-inf, 0, -inf, 0).overlaps(box(-inf, -inf, -1e308, 0))).isTrue();
        assertThat(box(-inf, 0, -inf, 0).overlaps(box(-Double.MAX_VALUE, -inf, 0, 0))).isFalse();
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
